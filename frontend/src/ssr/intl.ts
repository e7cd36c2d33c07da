// QuickJS has no `Intl`, and the app formats prices with `Intl.NumberFormat("en-US",
// { style: "currency" })` (app/format.ts). This is just that: en-US currency, grouped
// thousands, the currency's usual decimals, its symbol where en-US has one (else its
// code, as en-US prints it: "CHF 1,234.00"). Any other use is out of its reach and
// throws, so a gap shows in the render instead of in a wrong price.
// Imported by entry-server.tsx, installed only where `Intl` is missing.

const SYMBOLS: Record<string, string> = { USD: "$", EUR: "€", GBP: "£", JPY: "¥", CAD: "CA$", AUD: "A$", INR: "₹", CNY: "CN¥" };
const NO_DECIMALS = new Set(["JPY", "KRW", "VND", "CLP", "ISK", "HUF"]);

/** `value` as en-US prints an amount in `currency`. */
export function enUsCurrency(value: number, currency: string): string {
  const code = currency.toUpperCase();
  const digits = NO_DECIMALS.has(code) ? 0 : 2;
  const [whole, fraction] = Math.abs(value).toFixed(digits).split(".");
  const grouped = whole.replace(/\B(?=(\d{3})+(?!\d))/g, ",");
  const amount = fraction === undefined ? grouped : `${grouped}.${fraction}`;
  const symbol = SYMBOLS[code];
  const shown = symbol === undefined ? `${code}\u00a0${amount}` : `${symbol}${amount}`;
  return value < 0 ? `-${shown}` : shown;
}

class CurrencyFormat {
  private readonly currency: string;
  constructor(locale: string, options: { style?: string; currency?: string } = {}) {
    if (locale !== "en-US" || options.style !== "currency" || !options.currency) {
      throw new RangeError("this Intl.NumberFormat knows en-US currency only");
    }
    this.currency = options.currency;
  }
  format(value: number): string {
    return enUsCurrency(value, this.currency);
  }
}

if (typeof globalThis.Intl === "undefined") {
  (globalThis as { Intl?: unknown }).Intl = { NumberFormat: CurrencyFormat };
}
