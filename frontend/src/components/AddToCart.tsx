import { useEffect, useState } from "react";
import { Link } from "react-router";
import { own } from "../api/addresses";
import type { Product } from "../api/types";
import { addedText, buyable, itemCount } from "../app/cart";
import type { Variant } from "../app/variants";
import { useCartChanges } from "../hooks/cart";
import { useHydrated } from "../hooks/useHydrated";
import { QuantityStepper } from "./QuantityStepper";

/** What the last add came to: what was added and the cart's count then, or the refusal. */
type Outcome = { added: string; count: number } | { refused: string } | null;

/**
 * Add to cart: a quantity and the button, for the variant the page shows.
 * The edge writes them into the first paint (their boxes are the page's from the start),
 * disabled: they act once React owns the page. The button is disabled for a variant that
 * cannot be bought (out of stock); while the request runs it says so and ignores presses
 * (`aria-disabled`, so the keyboard's focus stays on it). The outcome is told in a panel
 * fixed to the viewport's corner (nothing on the page moves): what was added with a link
 * to the cart, or the edge's refusal (out of stock, unknown variant) in its own words.
 */
export function AddToCart({ product, chosen }: { product: Product; chosen: Variant | undefined }) {
  const hydrated = useHydrated();
  const { add } = useCartChanges();
  const [quantity, setQuantity] = useState(1);
  const [busy, setBusy] = useState(false);
  const [outcome, setOutcome] = useState<Outcome>(null);
  const variant = buyable(product, chosen);

  useEffect(() => {
    if (!outcome) return;
    const onKey = (e: globalThis.KeyboardEvent) => e.key === "Escape" && setOutcome(null);
    window.addEventListener("keydown", onKey);
    return () => window.removeEventListener("keydown", onKey);
  }, [outcome]);

  const submit = async () => {
    if (!variant || busy) return;
    setBusy(true);
    setOutcome(null);
    try {
      const cart = await add({ variant: variant.id, quantity });
      setOutcome({ added: addedText(product.name, variant, quantity), count: cart.count });
    } catch (e) {
      setOutcome({ refused: e instanceof Error ? e.message : "This could not be added to your cart." });
    } finally {
      setBusy(false);
    }
  };

  return (
    <div className="buy">
      <QuantityStepper id="add-quantity" value={quantity} onChange={setQuantity} disabled={!hydrated || !variant} />
      <button
        type="button"
        className="add-to-cart"
        disabled={!hydrated || !variant}
        aria-disabled={busy || undefined}
        onClick={() => void submit()}
      >
        {busy && <span className="spinner-icon" aria-hidden="true" />}
        {busy ? "Adding..." : variant || !chosen ? "Add to cart" : "Out of stock"}
      </button>
      <div className="cart-toast">
        <div role="status">
          {outcome && "added" in outcome && (
            <div className="cart-toast-body">
              <p>{outcome.added}</p>
              <p>
                <Link to={own.cart.path}>View cart ({itemCount(outcome.count)})</Link>
              </p>
              <Dismiss onClick={() => setOutcome(null)} />
            </div>
          )}
        </div>
        <div role="alert">
          {outcome && "refused" in outcome && (
            <div className="cart-toast-body refused">
              <p>{outcome.refused}</p>
              <Dismiss onClick={() => setOutcome(null)} />
            </div>
          )}
        </div>
      </div>
    </div>
  );
}

function Dismiss({ onClick }: { onClick: () => void }) {
  return (
    <button type="button" className="cart-toast-close" aria-label="Dismiss" onClick={onClick}>
      <span aria-hidden="true">×</span>
    </button>
  );
}
