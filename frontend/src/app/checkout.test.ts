import { describe, expect, it } from "vitest";
import { ApiError } from "../api/client";
import type { Country } from "../api/types";
import {
  type AddressForm,
  type CheckoutForm,
  addressBody,
  addressForm,
  fieldErrors,
  fieldId,
  firstInvalid,
  formFields,
  formFromCheckout,
  keepsOrderKey,
  money,
  optionPrice,
  orderRetriable,
  totalsRows,
  unavailableText,
} from "./checkout";
import { checkoutEntry } from "./checkoutEntry";

const countries: Country[] = [
  { code: "US", name: "United States", region_required: true, regions: [{ code: "CA", name: "California" }] },
  { code: "NL", name: "Netherlands", region_required: false, regions: [] },
];
const ada: AddressForm = {
  first_name: " Ada ",
  last_name: "Lovelace",
  street: "1 Main St",
  city: "Springfield",
  postal_code: "12345 ",
  country: "US",
  region: "CA",
  telephone: "555 0100",
};
const form = (patch: Partial<CheckoutForm> = {}): CheckoutForm => ({ email: " ada@example.com ", shipping: ada, sameBilling: true, billing: ada, ...patch });

describe("addressBody (PUT /api/checkout/address)", () => {
  it.each<[string, CheckoutForm, unknown]>([
    [
      "trimmed, no billing while it is the same",
      form(),
      { email: "ada@example.com", billing: null, shipping: { ...ada, first_name: "Ada", postal_code: "12345" } },
    ],
    [
      "a region only where the country has regions",
      form({ shipping: { ...ada, country: "NL", region: "CA" } }),
      { email: "ada@example.com", billing: null, shipping: { ...ada, first_name: "Ada", postal_code: "12345", country: "NL", region: "" } },
    ],
    [
      "billing of its own when unchecked",
      form({ sameBilling: false, billing: { ...ada, city: " Paris ", country: "NL" } }),
      {
        email: "ada@example.com",
        shipping: { ...ada, first_name: "Ada", postal_code: "12345" },
        billing: { ...ada, first_name: "Ada", postal_code: "12345", city: "Paris", country: "NL", region: "" },
      },
    ],
  ])("%s", (_, input, expected) => {
    expect(addressBody(input, countries)).toEqual(expected);
  });
});

describe("fieldErrors and firstInvalid", () => {
  it.each<[string, Array<{ field: string; text: string }>, Record<string, string>]>([
    ["none", [], {}],
    ["one per field", [{ field: "email", text: "Enter an email." }, { field: "shipping.city", text: "Enter a city." }], { email: "Enter an email.", "shipping.city": "Enter a city." }],
    ["two texts on one field", [{ field: "email", text: "Too long." }, { field: "email", text: "Not an email." }], { email: "Too long. Not an email." }],
  ])("%s", (_, fields, expected) => {
    expect(fieldErrors(fields)).toEqual(expected);
  });

  it.each<[Record<string, string>, boolean, string | undefined]>([
    [{ "shipping.city": "x", email: "x" }, true, "email"],
    [{ "shipping.telephone": "x", "shipping.street": "x" }, true, "shipping.street"],
    [{ "billing.city": "x", "shipping.telephone": "x" }, false, "shipping.telephone"],
    // Billing's fields are not shown while billing is the same: nothing of theirs to focus.
    [{ "billing.city": "x" }, true, undefined],
    [{ shipping_option: "x" }, true, undefined],
  ])("%j (same billing: %s) → %s", (errors, same, expected) => {
    expect(firstInvalid(errors, same)).toBe(expected);
  });

  it("lists billing's fields after shipping's, only when billing is asked for", () => {
    expect(formFields(true)).toHaveLength(9);
    expect(formFields(false).slice(8, 10)).toEqual(["shipping.telephone", "billing.first_name"]);
  });

  it.each([
    ["email", "checkout-email"],
    ["shipping.postal_code", "checkout-shipping-postal-code"],
    ["billing.first_name", "checkout-billing-first-name"],
  ] as const)("fieldId(%s) = %s", (path, id) => {
    expect(fieldId(path)).toBe(id);
  });
});

describe("formFromCheckout (prefill)", () => {
  it("starts blank, with the country only where there is one", () => {
    expect(formFromCheckout({ countries, email: null, shipping_address: null, billing_address: null })).toMatchObject({ email: "", sameBilling: true, shipping: { first_name: "", country: "" } });
    expect(addressForm(null, [countries[1]]).country).toBe("NL");
  });

  it("keeps what was set; billing is its own when it differs", () => {
    const shipping = { ...ada, first_name: "Ada" };
    expect(formFromCheckout({ countries, email: "a@b.c", shipping_address: shipping, billing_address: shipping })).toMatchObject({ email: "a@b.c", sameBilling: true, shipping });
    const other = formFromCheckout({ countries, email: "a@b.c", shipping_address: shipping, billing_address: { ...shipping, city: "Paris" } });
    expect(other.sameBilling).toBe(false);
    expect(other.billing.city).toBe("Paris");
  });
});

describe("figures", () => {
  it.each<[number | null | undefined, string | null | undefined, string]>([
    [12.5, "EUR", "€12.50"],
    [0, "USD", "$0.00"],
    [null, "USD", "—"],
    [undefined, null, "—"],
    [3, null, "$3.00"],
  ])("money(%s, %s) = %s", (value, currency, expected) => {
    expect(money(value, currency)).toBe(expected);
  });

  it.each<[number | null, string]>([
    [5, "$5.00"],
    [0, "Free"],
    [null, ""],
  ])("optionPrice(%s) = %s", (price, expected) => {
    expect(optionPrice(price, "USD")).toBe(expected);
  });

  it("says what is not known yet", () => {
    expect(totalsRows({ currency: "EUR", subtotal: 45, shipping: null, tax: null, total: null }).map((r) => `${r.label}: ${r.value}`)).toEqual([
      "Subtotal: €45.00",
      "Shipping: Calculated at next step",
      "Tax: Calculated at next step",
      "Total: —",
    ]);
    expect(totalsRows({ currency: "USD", subtotal: 45, shipping: 5, tax: 0, total: 50 }).at(-1)).toEqual({ label: "Total", value: "$50.00", total: true });
  });
});

describe("checkoutEntry (the cart page's way to check out)", () => {
  const url = { checkout_url: "https://shop.example/c/1" };
  it.each<[string, Parameters<typeof checkoutEntry>[0], Parameters<typeof checkoutEntry>[1], unknown]>([
    ["native", { kind: "native", notice: null }, url, { kind: "native", to: "/checkout" }],
    ["handoff", { kind: "handoff", notice: null }, url, { kind: "handoff", href: "https://shop.example/c/1" }],
    ["handoff without a web address", { kind: "handoff", notice: null }, { checkout_url: "javascript:alert(1)" }, null],
    ["none, the shop's text", { kind: "none", notice: "No checkout here." }, url, { kind: "none", notice: "No checkout here." }],
    ["none, no text", { kind: "none", notice: null }, url, { kind: "none", notice: "This shop has no checkout." }],
  ])("%s", (_, checkout, cart, expected) => {
    expect(checkoutEntry(checkout, cart)).toEqual(expected);
  });
});

describe("Place order's retries", () => {
  it.each<[unknown, boolean, boolean]>([
    [new ApiError(409, "order_in_flight", "x"), true, true],
    [new ApiError(409, "idempotency_in_flight", "x"), true, true],
    [new TypeError("Failed to fetch"), true, true],
    [new ApiError(503, "unavailable", "x"), true, true],
    [new ApiError(500, "internal", "x"), false, true],
    [new ApiError(409, "refused", "Out of stock."), false, false],
    [new ApiError(404, "not_found", "No cart."), false, false],
    [new ApiError(400, "invalid_fields", "x"), false, false],
  ])("%s: retried %s, key kept %s", (error, retried, kept) => {
    expect(orderRetriable(error)).toBe(retried);
    expect(keepsOrderKey(error)).toBe(kept);
  });
});

describe("unavailableText", () => {
  it.each<[Parameters<typeof unavailableText>[0], unknown, string]>([
    [undefined, new ApiError(404, "not_found", "There is no cart to check out."), "There is no cart to check out."],
    [undefined, new ApiError(409, "no_checkout", "This shop has no checkout."), "This shop has no checkout."],
    [{ kind: "none", notice: "Checkout is off." }, undefined, "Checkout is off."],
    [{ kind: "handoff", notice: null }, undefined, "This shop checks out on its own site: go to your cart to check out there."],
  ])("%j %s → %s", (checkout, error, expected) => {
    expect(unavailableText(checkout, error)).toBe(expected);
  });
});
