import { type FormEvent, useEffect, useState } from "react";
import { ApiError } from "../../api/client";
import type { Checkout } from "../../api/types";
import { type CheckoutForm, EMAIL_SPEC, fieldErrors, fieldId, firstInvalid } from "../../app/checkout";
import { AddressFields } from "./AddressFields";
import { TextField } from "./Field";

interface Props {
  checkout: Checkout;
  form: CheckoutForm;
  onChange: (form: CheckoutForm) => void;
  /** Sends the step; its `ApiError` says what was refused. */
  save: (form: CheckoutForm) => Promise<unknown>;
}

const focusField = (id: string) => document.getElementById(id)?.focus();

/**
 * The contact and address step: email, the shipping address, and billing's when it is not
 * the same. "Continue to shipping" sends it (never in the address: a POST form whose
 * submit is the app's); what the edge refuses is shown beside each field, the focus on
 * the first, with a summary at the top; nothing typed is lost, and it can be sent again.
 */
export function AddressStep({ checkout, form, onChange, save }: Props) {
  const [errors, setErrors] = useState<Record<string, string>>({});
  const [failure, setFailure] = useState("");
  const [sending, setSending] = useState(false);
  // Bumped by each refusal with fields, so the focus moves on every one (not only the first).
  const [refusals, setRefusals] = useState(0);

  useEffect(() => {
    if (refusals === 0) return;
    const first = firstInvalid(errors, form.sameBilling);
    if (first) focusField(fieldId(first));
    // Only when a refusal comes: not on every keystroke.
    // eslint-disable-next-line react-hooks/exhaustive-deps
  }, [refusals]);

  const submit = async (event: FormEvent<HTMLFormElement>) => {
    event.preventDefault();
    if (sending) return;
    setSending(true);
    setFailure("");
    try {
      await save(form);
      setErrors({});
    } catch (e) {
      const fields = e instanceof ApiError ? e.fields : [];
      const byField = fieldErrors(fields);
      setErrors(byField);
      const shown = fields.length > 0 && firstInvalid(byField, form.sameBilling) !== undefined;
      setFailure(shown ? "" : e instanceof Error ? e.message : "Your address could not be saved.");
      if (shown) setRefusals((n) => n + 1);
    } finally {
      setSending(false);
    }
  };

  const invalid = Object.entries(errors);
  const set = (patch: Partial<CheckoutForm>) => onChange({ ...form, ...patch });
  return (
    <form className="checkout-step checkout-address" method="post" aria-labelledby="address-heading" onSubmit={(e) => void submit(e)}>
      <h2 id="address-heading">Contact and address</h2>
      {invalid.length > 0 && (
        <div className="form-alert" role="alert">
          <p>Please check {invalid.length === 1 ? "this field" : `these ${invalid.length} fields`}:</p>
          <ul>
            {invalid.map(([field, text]) => (
              <li key={field}>{text}</li>
            ))}
          </ul>
        </div>
      )}
      {failure && (
        <p className="form-alert" role="alert">
          {failure}
        </p>
      )}
      <fieldset className="checkout-fieldset">
        <legend>Contact</legend>
        <TextField id={fieldId("email")} spec={EMAIL_SPEC} error={errors.email} value={form.email} onChange={(email) => set({ email })} />
      </fieldset>
      <AddressFields section="shipping" legend="Shipping address" address={form.shipping} countries={checkout.countries} errors={errors} onChange={(shipping) => set({ shipping })} />
      <div className="checkbox">
        <input id="checkout-same-billing" type="checkbox" checked={form.sameBilling} onChange={(e) => set({ sameBilling: e.target.checked })} />
        <label htmlFor="checkout-same-billing">Billing address is the same as shipping</label>
      </div>
      {!form.sameBilling && (
        <AddressFields section="billing" legend="Billing address" address={form.billing} countries={checkout.countries} errors={errors} onChange={(billing) => set({ billing })} />
      )}
      <button type="submit" className="checkout-button" aria-disabled={sending || undefined} aria-busy={sending || undefined}>
        Continue to shipping
      </button>
    </form>
  );
}
