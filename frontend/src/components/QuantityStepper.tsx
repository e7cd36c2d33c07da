import { type KeyboardEvent, useState } from "react";
import { MAX_QUANTITY, MIN_QUANTITY, clampQuantity } from "../app/cart";

interface Props {
  /** The input's id (unique on the page). */
  id: string;
  /** What the quantity is of, in the controls' names ("of Rustic Chair"); empty on the product page. */
  of?: string;
  value: number;
  /** A new quantity, within the bounds and other than `value`. */
  onChange: (quantity: number) => void;
  disabled?: boolean;
}

/**
 * − / the number / + for a quantity of 1 to 99. The buttons change it at once;
 * typing changes it on Enter or on leaving the field (not per keystroke: "12" is not 1
 * then 12), and the arrow keys step it at once, as the buttons do. A button at a bound
 * stays focusable and says it is unavailable (`aria-disabled`), so pressing − down to 1
 * does not drop the keyboard's focus.
 */
export function QuantityStepper({ id, of = "", value, onChange, disabled = false }: Props) {
  const [draft, setDraft] = useState<string | null>(null);
  const suffix = of ? ` ${of}` : "";
  const set = (next: number | null) => {
    setDraft(null);
    if (next !== null && next !== value) onChange(next);
  };
  const step = (by: number) => set(clampQuantity(value + by));
  const onKeyDown = (event: KeyboardEvent<HTMLInputElement>) => {
    if (event.key === "Enter") set(clampQuantity(draft ?? value));
    else if (event.key === "ArrowUp" || event.key === "ArrowDown") {
      event.preventDefault();
      step(event.key === "ArrowUp" ? 1 : -1);
    }
  };
  const atMin = value <= MIN_QUANTITY;
  const atMax = value >= MAX_QUANTITY;
  return (
    <div className="stepper" role="group" aria-label={`Quantity${suffix}`}>
      <button
        type="button"
        aria-label={`Decrease quantity${suffix}`}
        aria-disabled={atMin || undefined}
        disabled={disabled}
        onClick={() => !atMin && step(-1)}
      >
        <span aria-hidden="true">−</span>
      </button>
      <input
        id={id}
        type="number"
        inputMode="numeric"
        min={MIN_QUANTITY}
        max={MAX_QUANTITY}
        step={1}
        aria-label={`Quantity${suffix}`}
        value={draft ?? String(value)}
        disabled={disabled}
        onChange={(e) => setDraft(e.target.value)}
        onBlur={() => set(clampQuantity(draft ?? value))}
        onKeyDown={onKeyDown}
      />
      <button
        type="button"
        aria-label={`Increase quantity${suffix}`}
        aria-disabled={atMax || undefined}
        disabled={disabled}
        onClick={() => !atMax && step(1)}
      >
        <span aria-hidden="true">+</span>
      </button>
    </div>
  );
}
