/** Where the panel's open state is kept for the tab, so it stays open on the next page (decision 0036). */
const OPEN_KEY = "chat-open";

export function rememberOpen(open: boolean) {
  try {
    if (open) sessionStorage.setItem(OPEN_KEY, "1");
    else sessionStorage.removeItem(OPEN_KEY);
  } catch {
    // Storage refused (private mode, quota): the panel then starts closed on the next page.
  }
}

let openBefore: boolean | undefined;
/** Read once per page: whether the panel was open when the visitor left the previous page. */
export function wasOpen(): boolean {
  try {
    openBefore ??= sessionStorage.getItem(OPEN_KEY) === "1";
  } catch {
    openBefore = false;
  }
  return openBefore;
}
