import { useEffect } from "react";
import { ApiError } from "../api/client";
import { useContentPage } from "../hooks/data";
import { LoadFailed } from "../components/LoadFailed";
import { applyTitle } from "../seo/title";
import { NotFound } from "./NotFound";

/** A CMS page (issue 10): its title and sanitised body. */
export function ContentPage({ path }: { path: string }) {
  const { data, error, mutate } = useContentPage(path);
  useEffect(() => {
    if (data) applyTitle(data.meta_title || data.title);
  }, [data]);
  if (error) {
    if (error instanceof ApiError && error.status === 404) return <NotFound />;
    return <LoadFailed what="This page" error={error} retry={() => void mutate()} />;
  }
  if (!data) {
    return (
      <article className="content-page" aria-busy="true">
        <p className="spinner listing-heading-placeholder" role="status">
          <span className="spinner-icon" aria-hidden="true" />
          Loading page...
        </p>
      </article>
    );
  }
  return (
    <article className="content-page">
      <h1>{data.title}</h1>
      {/* Sanitised by the adapter before it left the backend boundary. */}
      <div className="content-body" dangerouslySetInnerHTML={{ __html: data.content }} />
    </article>
  );
}
