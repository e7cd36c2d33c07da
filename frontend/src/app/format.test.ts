import { describe, expect, it } from "vitest";
import { formatPrice } from "./format";

describe("formatPrice (spec §2: currency, 0 when missing)", () => {
  it.each([
    [12.5, "USD", "$12.50"],
    [1500, "USD", "$1,500.00"],
    [null, "USD", "$0.00"],
    [undefined, "EUR", "€0.00"],
  ])("%s %s → %s", (price, currency, expected) => {
    expect(formatPrice(price, currency)).toBe(expected);
  });
});
