// The server entry's stand-ins for what QuickJS lacks, checked against the real ones
// (Node's TextEncoder, TextDecoder and ICU-backed Intl), case by case.
import { describe, expect, it } from "vitest";
import { fromUtf8, utf8 } from "./textEncoder";
import { enUsCurrency } from "./intl";

describe("utf8 / fromUtf8", () => {
  it.each([
    ["", "empty"],
    ["Vitrine", "ASCII"],
    ["Café – 20 €", "two- and three-byte characters"],
    ["𝒱 🛒", "four-byte characters (surrogate pairs)"],
    ["a\ud800b", "a lone surrogate (becomes U+FFFD)"],
  ])("%j round-trips as the platform's UTF-8 (%s)", (text) => {
    const bytes = new TextEncoder().encode(text);
    // As plain arrays: jsdom's Uint8Array is another realm's than Node's.
    expect(Array.from(utf8(text))).toEqual(Array.from(bytes));
    expect(fromUtf8(bytes)).toBe(new TextDecoder().decode(bytes));
  });

  it.each([
    [[0xff], "a byte no sequence starts with"],
    [[0x61, 0xe2, 0x82], "a sequence cut short"],
    [[0xc3, 0x41], "a lead byte without its continuation"],
    [[0xe0, 0x80, 0x80], "an overlong form"],
    [[0xed, 0xa0, 0x80], "an encoded surrogate"],
    [[0xf4, 0x90, 0x80, 0x80], "past U+10FFFF"],
    [[0xf0, 0x9f, 0x9b], "a four-byte sequence cut short"],
  ])("decodes malformed %j as the platform does (%s)", (bytes) => {
    const input = new Uint8Array(bytes);
    expect(fromUtf8(input)).toBe(new TextDecoder().decode(input));
  });
});

describe("enUsCurrency", () => {
  it.each([
    [0, "USD"],
    [9.99, "USD"],
    [1234.5, "USD"],
    [1234567.891, "EUR"],
    [-12.5, "GBP"],
    [1234.5, "JPY"],
    [1234.5, "CHF"],
    [99, "CAD"],
    [42, "eur"],
  ])("formats %d %s as Intl does for en-US", (value, currency) => {
    const intl = new Intl.NumberFormat("en-US", { style: "currency", currency }).format(value);
    expect(enUsCurrency(value, currency)).toBe(intl);
  });
});
