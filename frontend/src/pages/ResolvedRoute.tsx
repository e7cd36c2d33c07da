import { Navigate, useLocation, useSearchParams } from "react-router";
import { useKept, usePage } from "../hooks/data";
import { decide, joinSegments } from "../app/routing";
import { listingParams } from "../app/listing";
import { useHead } from "../seo/head";
import { LoadFailed } from "../components/LoadFailed";
import { NotFound } from "./NotFound";
import { ProductLoading, ProductView } from "./ProductView";
import { CategoryPage } from "./CategoryPage";
import { ContentPage } from "./ContentPage";

// The spec's second route: any non-empty path is a page of the type the lookup names: a product
// (PRODUCT), a category (CATEGORY) or a content page (CMS_PAGE). One request
// (`/api/page`) brings the lookup and the page's data together, so every page costs one
// round trip. Paging or sorting a category keeps it on screen until the next page
// arrives; another path starts from the loading state. The page's head (title, meta
// tags, JSON-LD) comes with its data, built by the edge.
export function ResolvedRoute() {
  const { pathname } = useLocation();
  const [search] = useSearchParams();
  const path = joinSegments(pathname);
  const { page, sort } = listingParams(search);
  const { data, error, mutate } = usePage(path, page, sort);
  const shown = useKept(data, path);
  const resolution = shown?.resolution;
  const decision = resolution ? decide(resolution) : null;

  // Once the lookup has answered: the page's head, or none where the lookup named no page
  // (not found, a redirect, a failed lookup), whatever head the answer carries.
  const isPage = decision?.kind === "product" || decision?.kind === "category" || decision?.kind === "content";
  useHead(decision ? ((isPage && shown?.head_html) || null) : undefined);

  if (error && !shown) return <Navigate to="/" replace />;
  if (!shown || !resolution || !decision) return <ProductLoading />;
  const retry = () => void mutate();
  switch (decision.kind) {
    case "redirect":
    case "failed":
      return <Navigate to={decision.to} replace />;
    case "not_found":
      return <NotFound />;
    case "product": {
      // A backend failure behind a matched product goes where the spec sends failures (the failed-resolution path).
      if (shown.failure) return <Navigate to={resolution.failed_resolution_path} replace />;
      // The first entry of the returned products list.
      const first = shown.product?.products[0];
      return first ? <ProductView product={first} /> : <NotFound />;
    }
    case "category":
      if (shown.failure) return <LoadFailed what="This category" message={shown.failure.message} retry={retry} />;
      return shown.category ? <CategoryPage data={shown.category} busy={!data} /> : <NotFound />;
    case "content":
      if (shown.failure) return <LoadFailed what="This page" message={shown.failure.message} retry={retry} />;
      return shown.content ? <ContentPage page={shown.content} /> : <NotFound />;
  }
}
