/** The visitor's theme choice; "system" follows prefers-color-scheme. Light is the default. */
export type ThemeChoice = "light" | "dark" | "system";
export const THEME_STORAGE_KEY = "theme";

/**
 * Runs inline in <head> before first paint so the page never flashes the wrong theme.
 * The server hashes it into the Content-Security-Policy (no 'unsafe-inline').
 */
export const themeBootScript =
  `(function(){try{var t=localStorage.getItem("${THEME_STORAGE_KEY}");var ` +
  `d=t==="dark"||(t==="system"&&matchMedia("(prefers-color-scheme: ` +
  `dark)").matches);document.documentElement.classList.toggle("dark",d)}catch(e){}})()`;

export function readThemeChoice(): ThemeChoice {
  try {
    const value = localStorage.getItem(THEME_STORAGE_KEY);
    return value === "dark" || value === "system" ? value : "light";
  } catch {
    return "light";
  }
}

export function resolveTheme(choice: ThemeChoice): "light" | "dark" {
  if (choice === "system") {
    return window.matchMedia("(prefers-color-scheme: dark)").matches ? "dark" : "light";
  }
  return choice;
}

let unsavedChoice: ThemeChoice | undefined;
const themeListeners = new Set<() => void>();

export function applyTheme(choice: ThemeChoice): void {
  try {
    localStorage.setItem(THEME_STORAGE_KEY, choice);
  } catch {
    // Private mode without storage: the choice lasts for this page view only.
    unsavedChoice = choice;
  }
  document.documentElement.classList.toggle("dark", resolveTheme(choice) === "dark");
  for (const listener of themeListeners) listener();
}

/** For useSyncExternalStore: told when the choice changes here or in another tab. */
export function subscribeThemeChoice(listener: () => void): () => void {
  themeListeners.add(listener);
  window.addEventListener("storage", listener);
  return () => {
    themeListeners.delete(listener);
    window.removeEventListener("storage", listener);
  };
}

/** The choice in force on this page: the saved one, or the one storage refused to keep. */
export function currentThemeChoice(): ThemeChoice {
  return unsavedChoice ?? readThemeChoice();
}
