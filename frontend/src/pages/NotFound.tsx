import { Link } from "react-router";

export function NotFound() {
  return (
    <section className="not-found">
      <h1>Page not found</h1>
      <p>Nothing lives at this address in the current catalogue. It may belong to another driver.</p>
      <p>
        <Link to="/">Back to the home page</Link>
      </p>
    </section>
  );
}
