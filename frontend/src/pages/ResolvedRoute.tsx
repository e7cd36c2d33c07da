import { useEffect } from "react";
import { Navigate, useLocation } from "react-router";
import { ApiError } from "../api/client";
import { useProductByUrl, useResolve } from "../hooks/data";
import { decide, joinSegments } from "../app/routing";
import { applyTitle } from "../seo/title";
import { NotFound } from "./NotFound";
import { ProductLoading, ProductView } from "./ProductView";
import { CategoryPage } from "./CategoryPage";
import { ContentPage } from "./ContentPage";

// spec §2 route 2: any non-empty path is a page of the type the lookup names: a product
// (PRODUCT), a category (CATEGORY) or a content page (CMS_PAGE, issue 10). The product
// is fetched alongside the lookup (not after it), so a product page costs one round
// trip; the result is used only if the lookup matches. A category or content page is
// fetched once the lookup names it.
export function ResolvedRoute() {
  const { pathname } = useLocation();
  const path = joinSegments(pathname);
  const resolve = useResolve(path);
  const product = useProductByUrl(path);
  const decision = resolve.data ? decide(resolve.data) : null;

  useEffect(() => {
    if (decision?.kind === "product") applyTitle(resolve.data?.data?.title);
  }, [decision?.kind, resolve.data]);

  if (resolve.error) return <Navigate to="/" replace />;
  if (!decision) return <ProductLoading />;
  switch (decision.kind) {
    case "redirect":
    case "failed":
      return <Navigate to={decision.to} replace />;
    case "not_found":
      return <NotFound />;
    case "category":
      return <CategoryPage path={path} />;
    case "content":
      return <ContentPage path={path} />;
    case "product": {
      if (product.error) {
        return product.error instanceof ApiError && product.error.status === 404 ? (
          <NotFound />
        ) : (
          <Navigate to={resolve.data?.failed_resolution_path ?? "/"} replace />
        );
      }
      // spec §2: the first entry of the returned products list.
      const first = product.data?.products[0];
      if (!first) return <ProductLoading />;
      return <ProductView product={first} pageUrl={window.location.origin + path} />;
    }
  }
}
