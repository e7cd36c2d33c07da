// Pages loaded apart from the app's first script (issue 23: the cart, which a product or
// category page never shows). Not `React.lazy`: its first render always suspends, even
// with the module at hand, and a page the edge wrote must hydrate in one pass. Here the
// module, once loaded (`preloadFor` before hydrating an address that shows it), renders
// at once; before that a render suspends (the route's Suspense fallback) until it comes.
// The server's render has every module: `entry-server.tsx` hands it over (`provide`).
import { useState } from "react";
import type * as CartModule from "./CartPage";
import { joinSegments } from "../app/routing";
import { LoadFailed } from "../components/LoadFailed";

let cart: typeof CartModule | undefined;
let loading: Promise<typeof CartModule> | undefined;
let failed = false;

function loadCart(): Promise<typeof CartModule> {
  loading ??= import("./CartPage").then(
    (module) => (cart = module),
    (error: unknown) => {
      // Asked again on Retry (a deploy replaced the chunk, or the network dropped).
      loading = undefined;
      failed = true;
      throw error;
    },
  );
  return loading;
}

/** The cart page, loaded on first use; its Retry when the load failed. */
export function CartRoute() {
  const [, retried] = useState(0);
  if (cart) return <cart.CartPage />;
  if (failed) {
    const retry = () => {
      failed = false;
      retried((n) => n + 1);
    };
    return <LoadFailed what="Your cart" message="The cart page could not be loaded." retry={retry} />;
  }
  // Suspense's protocol (React 18 has no `use`): a thrown promise suspends the render
  // until it settles.
  // eslint-disable-next-line @typescript-eslint/only-throw-error
  throw loadCart().catch(() => undefined);
}

/** The cart page's box while its module loads: its heading and "Loading your cart...", as the page starts. */
export function CartLoading() {
  return (
    <section className="cart-page" aria-labelledby="cart-heading" aria-busy="true">
      <h1 id="cart-heading">Your cart</h1>
      <p className="spinner" role="status">
        <span className="spinner-icon" aria-hidden="true" />
        Loading your cart...
      </p>
    </section>
  );
}

/** What the page at `pathname` needs loaded before its first render: the cart's module at `/cart`. */
export function preloadFor(pathname: string): Promise<unknown> {
  return joinSegments(pathname) === "/cart" ? loadCart().catch(() => undefined) : Promise.resolve();
}

/** The server's render: the module is part of its one bundle, so there is nothing to load. */
export function provide(module: typeof CartModule): void {
  cart = module;
}
