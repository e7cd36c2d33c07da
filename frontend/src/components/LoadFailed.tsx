/** A backend's error for a page's data, with Retry (the spec's error state). */
export function LoadFailed({ what, message, retry }: { what: string; message: string; retry: () => void }) {
  return (
    <section className="load-failed" role="alert">
      <h1>{what} could not be loaded</h1>
      <p>{message}</p>
      <button type="button" className="retry" onClick={retry}>
        Retry
      </button>
    </section>
  );
}
