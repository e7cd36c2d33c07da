import type { ContentPage as Content } from "../api/types";

/** A CMS page: its title and sanitised body (its head is the page's, see seo/head.ts). */
export function ContentPage({ page }: { page: Content }) {
  return (
    <article className="content-page">
      <h1>{page.title}</h1>
      {/* Sanitised by the adapter before it left the backend boundary. */}
      <div className="content-body" dangerouslySetInnerHTML={{ __html: page.content }} />
    </article>
  );
}
