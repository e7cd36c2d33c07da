import type { ReactNode } from "react";
import type { CartLine, Totals } from "../../api/types";
import { optionsText } from "../../app/cart";
import { money, totalsRows } from "../../app/checkout";

interface Props {
  lines: CartLine[];
  totals: Totals;
  /** What follows the figures (the checkout's Place order). */
  children?: ReactNode;
}

/** An order's lines (name, options, quantity, line total) and its figures, in the totals' currency. */
export function OrderSummary({ lines, totals, children }: Props) {
  const currency = totals.currency;
  return (
    <section className="order-summary" aria-labelledby="order-summary-heading">
      <h2 id="order-summary-heading">Order summary</h2>
      <ul className="summary-lines">
        {lines.map((line) => {
          const options = optionsText(line.options);
          return (
            <li key={line.id} className="summary-line">
              <span className="summary-line-name">
                {line.name}
                {options && <span className="summary-line-options">{options}</span>}
              </span>
              <span className="summary-line-quantity">Quantity: {line.quantity}</span>
              <span className="summary-line-total">
                <span className="visually-hidden">Line total: </span>
                {money(line.line_total, currency)}
              </span>
            </li>
          );
        })}
      </ul>
      <dl className="summary-totals">
        {totalsRows(totals).map((row) => (
          <div key={row.label} className={row.total ? "summary-total" : undefined}>
            <dt>{row.label}</dt>
            {/* A new figure is a new node: Chrome counts right-aligned text whose start
                moves (a longer or shorter figure in the same node) as a layout shift. */}
            <dd key={row.value}>{row.value}</dd>
          </div>
        ))}
      </dl>
      {children}
    </section>
  );
}
