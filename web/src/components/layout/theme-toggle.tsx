import { Monitor, Moon, Sun } from "lucide-react";
import { useEffect, useSyncExternalStore } from "react";
import { useTranslation } from "react-i18next";
import { applyTheme, currentThemeChoice, subscribeThemeChoice, type ThemeChoice } from "../../lib/theme.ts";
import { Button } from "../ui/button.tsx";

const order: ThemeChoice[] = ["light", "dark", "system"];
const icons = { light: Sun, dark: Moon, system: Monitor } as const;

/** Cycles light -> dark -> system; the choice is remembered across visits. */
export function ThemeToggle() {
  const { t } = useTranslation();
  // The prerendered page and the first client render say "light"; then the visitor's choice.
  const choice = useSyncExternalStore(subscribeThemeChoice, currentThemeChoice, () => "light" as const);

  useEffect(() => {
    if (choice !== "system") return;
    const media = window.matchMedia("(prefers-color-scheme: dark)");
    const follow = () => applyTheme("system");
    media.addEventListener("change", follow);
    return () => media.removeEventListener("change", follow);
  }, [choice]);

  const Icon = icons[choice];
  const next = () => {
    const value = order[(order.indexOf(choice) + 1) % order.length] ?? "light";
    applyTheme(value);
  };

  return (
    <Button
      variant="ghost"
      size="icon"
      onClick={next}
      aria-label={t("theme.change", { theme: t(`theme.${choice}`) })}
      title={t("theme.change", { theme: t(`theme.${choice}`) })}
      data-theme-choice={choice}
    >
      <Icon aria-hidden="true" className="size-5" />
    </Button>
  );
}
