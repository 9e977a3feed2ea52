/**
 * A content page paints before its script loads (docs/decisions/0031-paint-before-script.md), so a
 * visitor can tap the menu, theme or chat button before React is there to answer. This inline
 * script, first in <head>, holds such taps and `replayEarlyClicks` plays them once the page has
 * hydrated, on the same elements, which hydration keeps. A link works without script: followed before
 * hydration starts, it marks the page as leaving, so it is not hydrated under the navigation. Once
 * hydration has started it is too late for that (the router's first history.replaceState would cancel
 * the navigation), so from then on a link is held and replayed like a button, and the router follows it.
 * The server hashes this script into the Content-Security-Policy like every inline script.
 */
export const earlyClicksScript =
  `(function(){var q=[],w={};function h(e){if(document.documentElement.dataset.hydrated)return;` +
  `var t=e.target&&e.target.closest?e.target:null;var a=t&&t.closest("a[href]");` +
  `if(a&&!e.defaultPrevented&&e.button===0&&!(e.metaKey||e.ctrlKey||e.shiftKey||e.altKey)&&` +
  `(!a.target||a.target==="_self")&&!a.hasAttribute("download")&&a.origin===location.origin&&` +
  `!(a.hash&&a.pathname===location.pathname&&a.search===location.search)){if(!w.hydrating){w.leaving=true;return}` +
  `var b=a}else b=t&&t.closest("button,[role=button]");if(!b)return;` +
  `e.preventDefault();e.stopImmediatePropagation();if(q.indexOf(b)<0)q.push(b)}` +
  `document.addEventListener("click",h,true);w.stop=function(){` +
  `document.removeEventListener("click",h,true);return q.splice(0)};window.__earlyClicks=w})()`;

/**
 * True once a link was followed before hydration: the browser is loading the next page, and
 * hydrating this one would cancel that (the router's first history.replaceState stops a pending
 * navigation), leaving the visitor where they were.
 */
export function leavingBeforeHydration(): boolean {
  return (window as { __earlyClicks?: { leaving?: boolean } }).__earlyClicks?.leaving === true;
}

/**
 * Called just before hydration starts: a link followed from now on is held and replayed by the
 * router, not left to the browser, whose navigation the router's start would cancel.
 */
export function markHydrating(): void {
  const early = (window as { __earlyClicks?: { hydrating?: boolean } }).__earlyClicks;
  if (early) early.hydrating = true;
}

/** Stops holding taps and plays back, in order, those made before hydration. */
export function replayEarlyClicks(): void {
  const early = (window as { __earlyClicks?: { stop(): HTMLElement[] } }).__earlyClicks;
  pressAgain(early?.stop() ?? []);
}

/** Clicks, in order, the held targets still in the page (an island loaded on first use holds its own). */
export function pressAgain(targets: readonly HTMLElement[]): void {
  for (const target of targets) if (target.isConnected) target.click();
}
