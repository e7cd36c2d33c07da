import { Link } from "react-router";
import type { Breadcrumb } from "../api/types";

/** Home, the ancestors, then the current page (not a link). */
export function Breadcrumbs({ trail, current }: { trail: Breadcrumb[]; current: string }) {
  return (
    <nav className="breadcrumbs" aria-label="Breadcrumb">
      <ol>
        <li>
          <Link to="/">Home</Link>
        </li>
        {trail.map((b) => (
          <li key={b.url}>
            <Link to={b.url}>{b.name}</Link>
          </li>
        ))}
        <li aria-current="page">{current}</li>
      </ol>
    </nav>
  );
}
