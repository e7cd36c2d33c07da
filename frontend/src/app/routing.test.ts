import { describe, expect, it } from "vitest";
import type { Resolution, RouteKind } from "../api/types";
import { decide, joinSegments } from "./routing";

const base: Resolution = {
  id: "1",
  url: "p",
  type: "PRODUCT",
  code: 200,
  outcome: "match",
  error_code: null,
  location: null,
  failed_resolution_path: "/",
};

describe("decide (spec §2 route table, §4 route matching)", () => {
  it.each<[Partial<Resolution>, ReturnType<typeof decide>]>([
    [{}, { kind: "product" }],
    [{ type: "CATEGORY" }, { kind: "category" }],
    [{ type: "CMS_PAGE" }, { kind: "content" }],
    // A kind this app does not know (a newer edge's), which its types cannot name.
    [{ type: "BLOG_POST" as RouteKind }, { kind: "not_found" }],
    [{ type: null }, { kind: "not_found" }],
    [{ outcome: "not_found", code: 404, type: null }, { kind: "not_found" }],
    [{ outcome: "redirect", code: 301, location: "/new" }, { kind: "redirect", to: "/new" }],
    [{ outcome: "redirect", code: 302, location: "/tmp" }, { kind: "redirect", to: "/tmp" }],
    [{ outcome: "failed", code: 503, location: "/oops" }, { kind: "failed", to: "/oops" }],
  ])("%j → %j", (patch, expected) => {
    expect(decide({ ...base, ...patch })).toEqual(expected);
  });
});

describe("joinSegments", () => {
  it.each([
    ["", "/"],
    ["/", "/"],
    ["/1001", "/1001"],
    ["//a///b/", "/a/b"],
  ])("%s → %s", (input, expected) => {
    expect(joinSegments(input)).toBe(expected);
  });
});
