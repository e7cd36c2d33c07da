import { useLocation, useNavigate, useSearchParams } from "react-router";
import type { Product } from "../api/types";
import { type Variant, choices, valueOf, variantHref } from "../app/variants";
import { KEEP_SCROLL } from "./ScrollToTop";

/** A name as an id part: lower case, runs of anything else as one dash. */
const slug = (text: string) => text.toLowerCase().replace(/[^a-z0-9]+/g, "-");

/**
 * The product's options, one group of radio buttons each, drawn as buttons: a
 * fieldset whose legend names the option and the value chosen, arrow keys move within it
 * (the browser's own radio behaviour). A value whose variant is out of stock is struck
 * through and says so; a combination the shop does not make cannot be chosen. A choice is
 * a navigation to `?variant=<id>`, so it can be linked, and back and forward move between
 * choices.
 */
export function VariantPicker({ product, chosen }: { product: Product; chosen: Variant | undefined }) {
  const navigate = useNavigate();
  const { pathname } = useLocation();
  const [search] = useSearchParams();
  return (
    <div className="options">
      {(product.options ?? []).map((option) => (
        <fieldset className="option" key={option.name}>
          <legend>
            {option.name}: <span className="option-chosen">{valueOf(chosen, option.name)}</span>
          </legend>
          <div className="option-values">
            {choices(product, chosen, option.name).map((choice) => {
              const id = `option-${slug(option.name)}-${slug(choice.value)}`;
              const soldOut = choice.variant?.in_stock === false;
              const classes = ["option-value", soldOut && "sold-out", !choice.variant && "unavailable"];
              return (
                <label key={choice.value} htmlFor={id} className={classes.filter(Boolean).join(" ")}>
                  <input
                    type="radio"
                    id={id}
                    name={`option-${slug(option.name)}`}
                    value={choice.value}
                    checked={choice.checked}
                    disabled={!choice.variant}
                    onChange={() => {
                      if (choice.variant) void navigate(variantHref(pathname, search, choice.variant), { state: KEEP_SCROLL });
                    }}
                  />
                  <span>{choice.value}</span>
                  {soldOut && <span className="visually-hidden"> (out of stock)</span>}
                  {!choice.variant && <span className="visually-hidden"> (not available)</span>}
                </label>
              );
            })}
          </div>
        </fieldset>
      ))}
    </div>
  );
}
