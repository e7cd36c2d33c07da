import { Link, useParams } from "react-router";
import { ApiError } from "../api/client";
import { LoadFailed } from "../components/LoadFailed";
import { OrderSummary } from "../components/checkout/OrderSummary";
import { useOrder, useOrderHead } from "../hooks/checkout";
import { useHead } from "../seo/head";
import { Spinner } from "../components/Spinner";

/**
 * `/order/{number}` (issue 26): an order this session placed, its lines and figures.
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
      <h1 id="order-heading">{data ? `Thank you — order ${data.number}` : "Your order"}</h1>
      {data ? (
        <>
          <p className="order-placed">Your order is placed. Here is what it holds.</p>
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
