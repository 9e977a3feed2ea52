import type { ComponentType, ReactElement } from "react";
import { formatNumberIn } from "#contracts/money.ts";
import { currentLanguage } from "../i18n/index.ts";
import { ToolProviders } from "../lib/tool-providers.tsx";
import { keepTyped } from "./keep-typed.ts";

/**
 * A tool as a page island: the tool with what the app layout gives it under the router (TanStack
 * Query), which renders no markup of its own, so hydration keeps the page.
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

/**
 * Runs just before a tool hydrates (the island's `prepare`), for a tool whose first render formats
 * numbers (VPS hosting's prices). A page's first number format loads the browser's locale data:
 * 17–90 ms on this project's machines, four times that on a phone. Inside hydration it made one
 * slice of React's work a long task (84 ms of 4× throttled CPU on /vps-hosting); here it runs before
 * hydration starts, and React's work is cut into short slices again. A tool whose first render
 * formats no number does not take it: the locale data would be loaded for nothing, in one long task.
 * What was typed while the tool loaded is put back once it has hydrated, as for every tool.
 */
export function prepareTool(element: HTMLElement): () => void {
  formatNumberIn(currentLanguage(), 0);
  return keepTyped(element);
}
