import type { ComponentType, ReactElement } from "react";
import { ToolProviders } from "../lib/tool-providers.tsx";

/**
 * A tool as a page island: the tool with what the app layout gives it under the router (TanStack
 * Query, the hydration lock), which renders no markup of its own, so hydration keeps the page.
 */
export function toolIsland<P extends object>(Tool: ComponentType<P>): (props: P) => ReactElement {
  return function ToolIsland(props: P) {
    return (
      <ToolProviders>
        <Tool {...props} />
      </ToolProviders>
    );
  };
}
