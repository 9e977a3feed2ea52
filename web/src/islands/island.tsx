import type { ComponentType } from "react";
import { useLocation } from "react-router";
import type { IslandName } from "./names.ts";

/**
 * Marks an interactive part of a content page (docs/decisions/0036-islands.md). The prerendered
 * page carries no router: the islands entry hydrates each marked element on its own, with the
 * props written here. In the app (tools, order pages, client navigation) the wrapper is inert;
 * `display: contents` keeps it out of the layout either way.
 */
export function Island<P extends object>({
  name,
  component: Component,
  props,
}: {
  name: IslandName;
  component: ComponentType<P>;
  props: P;
}) {
  const json = Object.keys(props).length > 0 ? JSON.stringify(props) : undefined;
  // The address the page is rendered for: the islands hydrate with it (see document-router.tsx).
  const { pathname } = useLocation();
  return (
    <div data-island={name} data-props={json} data-path={pathname} className="contents">
      <Component {...props} />
    </div>
  );
}
