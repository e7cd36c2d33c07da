import { describe, expect, it } from "vitest";
import { ownSwitch, switchingHere } from "./data";

describe("a switch of this tab's own", () => {
  it("is marked as such until its answer comes, and after a refusal too", async () => {
    expect(switchingHere()).toBe(false);
    let answer: (driver: string) => void = () => {};
    const pending = ownSwitch(() => new Promise<string>((resolve) => (answer = resolve)));
    expect(switchingHere()).toBe(true);
    answer("magento");
    await expect(pending).resolves.toBe("magento");
    expect(switchingHere()).toBe(false);
    await expect(ownSwitch(() => Promise.reject(new Error("refused")))).rejects.toThrow("refused");
    expect(switchingHere()).toBe(false);
  });
});
