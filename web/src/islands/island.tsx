import type { ComponentType } from "react";
import type { IslandLoad, IslandName } from "./names.ts";

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
  inline = false,
  load = "paint",
  numbers = false,
}: {
  name: IslandName;
  component: ComponentType<P>;
  props: P;
  /** Inside phrasing content (a span, a paragraph): the wrapper is a span then. */
  inline?: boolean;
  /** When its code loads: after the first paint (the default), or on the visitor's first use of it. */
  load?: IslandLoad;
  /**
   * It formats numbers (prices, scores): the page's script has the browser load its number data off
   * the main thread after the first paint (web/src/islands/number-data-worker.ts).
   */
  numbers?: boolean;
}) {
  const Wrapper = inline ? "span" : "div";
  const json = Object.keys(props).length > 0 ? JSON.stringify(props) : undefined;
  return (
    <Wrapper
      data-island={name}
      data-load={load === "paint" ? undefined : load}
      data-numbers={numbers ? "" : undefined}
      data-props={json}
      className="contents"
    >
      <Component {...props} />
    </Wrapper>
  );
}
