import { useEffect } from "react";
import type { ContentPage as Content } from "../api/types";
import { applyTitle } from "../seo/title";

/** A CMS page (issue 10): its title and sanitised body. */
export function ContentPage({ page }: { page: Content }) {
  useEffect(() => {
    applyTitle(page.meta_title || page.title);
  }, [page]);
  return (
    <article className="content-page">
      <h1>{page.title}</h1>
      {/* Sanitised by the adapter before it left the backend boundary. */}
      <div className="content-body" dangerouslySetInnerHTML={{ __html: page.content }} />
    </article>
  );
}
