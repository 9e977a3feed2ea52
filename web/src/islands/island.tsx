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
  numbers,
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
   * the main thread (web/src/islands/number-data-worker.ts). `first-render` if its first render does,
   * right after the first paint; `first-use` if only its answers do, on the visitor's first tap, key
   * or focus inside it, so the page's load spends nothing on it.
   */
  numbers?: "first-render" | "first-use";
}) {
  const Wrapper = inline ? "span" : "div";
  const json = Object.keys(props).length > 0 ? JSON.stringify(props) : undefined;
  return (
    <Wrapper
      data-island={name}
      data-load={load === "paint" ? undefined : load}
      data-numbers={numbers}
      data-props={json}
      className="contents"
    >
      <Component {...props} />
    </Wrapper>
  );
}
