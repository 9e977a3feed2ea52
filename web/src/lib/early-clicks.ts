import { flushSync } from "react-dom";

/**
 * A content page paints before its script loads (docs/decisions/0031-paint-before-script.md), so a
 * visitor can tap the menu, theme or chat button before React is there to answer. This inline
 * script, first in <head>, holds such taps and `replayEarlyClicks` plays them once the page has
 * hydrated, on the same elements, which hydration keeps. A link works without script: followed before
 * hydration, it marks the page as leaving, so it is not hydrated under the navigation. Every
 * prerendered page hydrates as islands, with no router to cancel the browser's navigation (decision
 * 0036), and a screen's shell shows no link before its router has started.
 * The server hashes this script into the Content-Security-Policy like every inline script.
 */
export const earlyClicksScript =
  `(function(){var q=[],w={};function h(e){if(document.documentElement.dataset.hydrated)return;` +
  `var t=e.target&&e.target.closest?e.target:null;var a=t&&t.closest("a[href]");` +
  `if(a&&!e.defaultPrevented&&e.button===0&&!(e.metaKey||e.ctrlKey||e.shiftKey||e.altKey)&&` +
  `(!a.target||a.target==="_self")&&!a.hasAttribute("download")&&a.origin===location.origin&&` +
  `!(a.hash&&a.pathname===location.pathname&&a.search===location.search)){w.leaving=true;return}` +
  `var b=t&&t.closest("button,[role=button]");if(!b)return;` +
  `e.preventDefault();e.stopImmediatePropagation();if(q.indexOf(b)<0)q.push(b)}` +
  `document.addEventListener("click",h,true);w.stop=function(){` +
  `document.removeEventListener("click",h,true);return q.splice(0)};window.__earlyClicks=w})()`;

/**
 * True once a link was followed before hydration: the browser is loading the next page, and
 * hydrating this one under it would be wasted work, or with the router, cancel it (its first
 * history.replaceState stops a pending navigation).
 */
export function leavingBeforeHydration(): boolean {
  return (window as { __earlyClicks?: { leaving?: boolean } }).__earlyClicks?.leaving === true;
}

/** Stops holding taps and plays back, in order, those made before hydration. */
export function replayEarlyClicks(): void {
  const early = (window as { __earlyClicks?: { stop(): HTMLElement[] } }).__earlyClicks;
  pressAgain(early?.stop() ?? []);
}

/**
 * Clicks, in order, the held targets still in the page (an island loaded on first use holds its own).
 * React renders each press before the next is played, as it would between two taps: a tab chosen and
 * then the tool's button pressed must run that tab's analysis, not the one the button saw before.
 */
export function pressAgain(targets: readonly HTMLElement[]): void {
  for (const target of targets) {
    if (!target.isConnected) continue;
    flushSync(() => {
      // A tab answers the press itself (Radix selects it on mousedown), which came before the code did.
      if (target.getAttribute("role") === "tab") target.dispatchEvent(new MouseEvent("mousedown", { bubbles: true }));
      target.click();
    });
  }
}
