import type { ReactNode } from "react";

/** A wait the shopper is told about: a status line behind the spinning icon. */
export function Spinner({ children }: { children: ReactNode }) {
  return (
    <p className="spinner" role="status">
      <span className="spinner-icon" aria-hidden="true" />
      {children}
    </p>
  );
}
