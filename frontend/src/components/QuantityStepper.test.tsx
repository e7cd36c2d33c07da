import { describe, expect, it, vi } from "vitest";
import { fireEvent, render, screen } from "@testing-library/react";
import { useState } from "react";
import { QuantityStepper } from "./QuantityStepper";

/** A stepper holding its own value; every change it reports is recorded. */
function Held({ start, changes }: { start: number; changes: number[] }) {
  const [value, setValue] = useState(start);
  return (
    <QuantityStepper
      id="q"
      of="of Chair"
      value={value}
      onChange={(n) => {
        changes.push(n);
        setValue(n);
      }}
    />
  );
}

const input = () => screen.getByRole("spinbutton", { name: "Quantity of Chair" });

describe("QuantityStepper (issue 23: 1 to 99)", () => {
  it("steps with its buttons, named for what they change", () => {
    const changes: number[] = [];
    render(<Held start={1} changes={changes} />);
    expect(screen.getByRole("group", { name: "Quantity of Chair" })).toBeTruthy();
    const less = screen.getByRole("button", { name: "Decrease quantity of Chair" });
    const more = screen.getByRole("button", { name: "Increase quantity of Chair" });
    // At 1, − stays focusable but says it does nothing.
    expect(less.getAttribute("aria-disabled")).toBe("true");
    fireEvent.click(less);
    fireEvent.click(more);
    fireEvent.click(more);
    expect(input()).toHaveProperty("value", "3");
    fireEvent.click(less);
    expect(changes).toEqual([2, 3, 2]);
    expect(less.getAttribute("aria-disabled")).toBeNull();
  });

  it("takes a typed number on Enter or on leaving, clamped, and not per keystroke", () => {
    const changes: number[] = [];
    render(<Held start={2} changes={changes} />);
    fireEvent.change(input(), { target: { value: "1" } });
    fireEvent.change(input(), { target: { value: "12" } });
    expect(changes).toEqual([]);
    fireEvent.keyDown(input(), { key: "Enter" });
    expect(changes).toEqual([12]);
    fireEvent.change(input(), { target: { value: "150" } });
    fireEvent.blur(input());
    expect(input()).toHaveProperty("value", "99");
    expect(screen.getByRole("button", { name: "Increase quantity of Chair" }).getAttribute("aria-disabled")).toBe("true");
    // Nothing, or not a number: back to what it was.
    fireEvent.change(input(), { target: { value: "" } });
    fireEvent.blur(input());
    expect(input()).toHaveProperty("value", "99");
    expect(changes).toEqual([12, 99]);
  });

  it("steps with the arrow keys at once", () => {
    const changes: number[] = [];
    render(<Held start={5} changes={changes} />);
    fireEvent.keyDown(input(), { key: "ArrowUp" });
    fireEvent.keyDown(input(), { key: "ArrowDown" });
    fireEvent.keyDown(input(), { key: "ArrowDown" });
    expect(changes).toEqual([6, 5, 4]);
  });

  it("does nothing while disabled", () => {
    const onChange = vi.fn();
    render(<QuantityStepper id="q" value={1} onChange={onChange} disabled />);
    expect(screen.getByRole("spinbutton", { name: "Quantity" })).toHaveProperty("disabled", true);
    fireEvent.click(screen.getByRole("button", { name: "Increase quantity" }));
    expect(onChange).not.toHaveBeenCalled();
  });
});
