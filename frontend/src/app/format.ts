const formatters = new Map<string, Intl.NumberFormat>();

/** The price formatted as currency, 0 when missing. */
export function formatPrice(price: number | null | undefined, currency = "USD"): string {
  let f = formatters.get(currency);
  if (!f) {
    f = new Intl.NumberFormat("en-US", { style: "currency", currency });
    formatters.set(currency, f);
  }
  return f.format(price ?? 0);
}
