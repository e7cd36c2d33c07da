import { beforeEach, describe, expect, it } from "vitest";
import { applyTitle, nextTitle, resetTitleMemory } from "./title";

describe("nextTitle (spec §2 title rule)", () => {
  it.each([
    ["SEO", "Previous", "Existing", "SEO"],
    [null, "Previous", "Existing", "Previous"],
    [undefined, null, "Existing", "Existing"],
    ["", "Previous", "Existing", "Previous"],
    ["", null, "Existing", "Existing"],
  ])("seo=%s previous=%s existing=%s → %s", (seo, previous, existing, expected) => {
    expect(nextTitle(seo, previous, existing)).toBe(expected);
  });
});

describe("applyTitle", () => {
  beforeEach(() => {
    resetTitleMemory();
    document.title = "Vitrine";
  });

  it("keeps the existing title without SEO data, then remembers an SEO title", () => {
    applyTitle(null);
    expect(document.title).toBe("Vitrine");
    applyTitle("Blue Shirt | Shop");
    expect(document.title).toBe("Blue Shirt | Shop");
    document.title = "Something else";
    applyTitle(undefined);
    expect(document.title).toBe("Blue Shirt | Shop");
  });
});
