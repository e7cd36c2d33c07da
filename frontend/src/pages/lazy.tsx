// Pages loaded apart from the app's first script (the cart, which a product or
// category page never shows; the backends comparison, a developer's page; the
// checkout and an order's page). Not `React.lazy`: its first render always
// suspends, even with the module at hand, and a page the edge wrote must hydrate in one pass. Here a module, once loaded (`preloadFor`
// before hydrating an address that shows it), renders at once; before that a render
// suspends (the route's Suspense fallback) until it comes. The server's render has every
// module: `entry-server.tsx` hands them over (`provide`).
import { type ReactNode, useState } from "react";
import type * as CartModule from "./CartPage";
import type * as CompareModule from "./ComparePage";
import type * as CheckoutModule from "./checkoutPages";
import { type OwnPage, ownPageAt } from "../api/addresses";
import { joinSegments } from "../app/routing";
import { LoadFailed } from "../components/LoadFailed";
import { Spinner } from "../components/Spinner";

/** One page's module, loaded on first use and kept. */
class Chunk<M> {
  module: M | undefined;
  private loading: Promise<M> | undefined;
  failed = false;

  constructor(private readonly importer: () => Promise<M>) {}

  /** Forgets a failed load, so the next render asks again. */
  again(): void {
    this.failed = false;
  }

  load(): Promise<M> {
    this.loading ??= this.importer().then(
      (module) => (this.module = module),
      (error: unknown) => {
        // Asked again on Retry (a deploy replaced the chunk, or the network dropped).
        this.loading = undefined;
        this.failed = true;
        throw error;
      },
    );
    return this.loading;
  }
}

const cart = new Chunk<typeof CartModule>(() => import("./CartPage"));
const compare = new Chunk<typeof CompareModule>(() => import("./ComparePage"));
const checkout = new Chunk<typeof CheckoutModule>(() => import("./checkoutPages"));

/** The chunk's page, rendered once loaded; its Retry when the load failed. */
function ChunkRoute<M>(props: { chunk: Chunk<M>; page: (module: M) => ReactNode; what: string; message: string }) {
  const { chunk, page, what, message } = props;
  const [, retried] = useState(0);
  if (chunk.module) return page(chunk.module);
  if (chunk.failed) {
    const retry = () => {
      chunk.again();
      retried((n) => n + 1);
    };
    return <LoadFailed what={what} message={message} retry={retry} />;
  }
  // Suspense's protocol (React 18 has no `use`): a thrown promise suspends the render
  // until it settles.
  // eslint-disable-next-line @typescript-eslint/only-throw-error
  throw chunk.load().catch(() => undefined);
}

/** The cart page, loaded on first use. */
export function CartRoute() {
  return <ChunkRoute chunk={cart} page={(m) => <m.CartPage />} what="Your cart" message="The cart page could not be loaded." />;
}

/** The backends comparison, loaded on first use. */
export function CompareRoute() {
  const message = "The comparison page could not be loaded.";
  return <ChunkRoute chunk={compare} page={(m) => <m.ComparePage />} what="Compare backends" message={message} />;
}

/** The checkout, loaded on first use. */
export function CheckoutRoute() {
  const message = "The checkout page could not be loaded.";
  return <ChunkRoute chunk={checkout} page={(m) => <m.CheckoutPage />} what="Your checkout" message={message} />;
}

/** An order's page, loaded on first use. */
export function OrderRoute() {
  const message = "The order's page could not be loaded.";
  return <ChunkRoute chunk={checkout} page={(m) => <m.OrderPage />} what="Your order" message={message} />;
}

/** A page's box while its module loads: its heading and a spinner, as the page starts. */
function Loading({ className, heading, id, text }: { className: string; heading: string; id: string; text: string }) {
  return (
    <section className={className} aria-labelledby={id} aria-busy="true">
      <h1 id={id}>{heading}</h1>
      <Spinner>{text}</Spinner>
    </section>
  );
}

/** The cart page's box while its module loads, as the page starts. */
export function CartLoading() {
  return <Loading className="cart-page" heading="Your cart" id="cart-heading" text="Loading your cart..." />;
}

/** The comparison's box while its module loads, as the page starts. */
export function CompareLoading() {
  return <Loading className="compare-page" heading="Compare backends" id="compare-heading" text="Loading..." />;
}

/** The checkout's box while its module loads, as the page starts. */
export function CheckoutLoading() {
  return <Loading className="checkout-page" heading="Checkout" id="checkout-heading" text="Loading your checkout..." />;
}

/** An order's box while its module loads, as the page starts. */
export function OrderLoading() {
  return <Loading className="order-page" heading="Your order" id="order-heading" text="Loading your order..." />;
}

/** Each own page's chunk (the checkout's carries an order's page too). */
const CHUNKS: Record<OwnPage, Chunk<unknown>> = { cart, compare, checkout, order: checkout };

/** The chunk of the page at `path` (joined segments), if it has one: the own pages', as the address table places them. */
function chunkAt(path: string): Chunk<unknown> | undefined {
  const page = ownPageAt(path);
  return page && CHUNKS[page];
}

/** What the page at `pathname` needs loaded before its first render: its chunk, if it has one. */
export function preloadFor(pathname: string): Promise<unknown> {
  const chunk = chunkAt(joinSegments(pathname));
  return chunk ? chunk.load().catch(() => undefined) : Promise.resolve();
}

/** The server's render: the modules are part of its one bundle, so there is nothing to load. */
export function provide(modules: {
  cart: typeof CartModule;
  compare: typeof CompareModule;
  checkout: typeof CheckoutModule;
}): void {
  cart.module = modules.cart;
  compare.module = modules.compare;
  checkout.module = modules.checkout;
}
