import { Link, useParams } from "react-router";
import { ApiError } from "../api/client";
import { LoadFailed } from "../components/LoadFailed";
import { OrderSummary } from "../components/checkout/OrderSummary";
import { useOrder, useOrderHead } from "../hooks/checkout";
import { useHead } from "../seo/head";
import { Spinner } from "../components/Spinner";

/**
 * `/order/{number}`: an order this session placed, its lines and figures.
 * Placing it put its answer in the cache, so the page shows at once; a visit later asks
 * the edge, which knows only this session's orders (any other number: not found).
 */
export function OrderPage() {
  const { number = "" } = useParams();
  const { data, error, mutate } = useOrder(number);
  const head = useOrderHead();
  useHead(head.error ? null : head.data?.head_html);

  if (error instanceof ApiError && error.status === 404) {
    // In the order's own box (where the edge's "Loading your order..." stood): nothing moves.
    return (
      <section className="order-page order-missing" aria-labelledby="order-heading">
        <h1 id="order-heading">We can't find that order</h1>
        <p>{error.message}</p>
        <p>
          <Link to="/">Back to the home page</Link>
        </p>
      </section>
    );
  }
  if (error && !data) return <LoadFailed what="Your order" message={error.message} retry={() => void mutate()} />;
  return (
    <section className="order-page" aria-labelledby="order-heading" aria-busy={!data || undefined}>
      {/* The number from the address, so the heading is the same before the order arrives. */}
      <h1 id="order-heading">Thank you — order {number}</h1>
      {/* The same before and after the order arrives: the page's largest text from its
          first paint (the edge's), so the summary arriving is no later LCP. */}
      <p className="page-lead">
        Your order is placed with the shop, under the number the shop gave it. Here are its lines and totals, which only
        this browser session can see.
      </p>
      {data ? (
        <>
          <OrderSummary lines={data.lines} totals={data.totals} />
          <Link to="/" className="button-link">
            Continue shopping
          </Link>
        </>
      ) : (
        <Spinner>Loading your order...</Spinner>
      )}
    </section>
  );
}
