import { Check, Languages } from "lucide-react";
import { useEffect, useId, useRef, useState } from "react";
import { useTranslation } from "react-i18next";
import { Link, useLocation } from "react-router";
import { LANGUAGE_COOKIE, type Language, languageNames, languages, localizePath } from "#contracts/languages.ts";
import { useLanguage } from "../../i18n/use-language.ts";
import { cn } from "../../lib/cn.ts";
import { Button } from "../ui/button.tsx";

/** Remembered for a year; the server sends later English-address visits to this language. */
function rememberLanguage(language: Language) {
  document.cookie = `${LANGUAGE_COOKIE}=${language}; path=/; max-age=31536000; samesite=lax`;
}

/** The same page in each language, with the query and anchor kept. */
function useAlternates() {
  const { pathname, search, hash } = useLocation();
  return languages.map((language) => ({ language, to: `${localizePath(pathname, language)}${search}${hash}` }));
}

/** Compact menu in the navbar: globe-like icon and the current language's code. */
export function LanguageMenu() {
  const { t } = useTranslation();
  const current = useLanguage();
  const alternates = useAlternates();
  const [open, setOpen] = useState(false);
  const menuId = useId();
  const root = useRef<HTMLDivElement>(null);

  useEffect(() => {
    if (!open) return;
    const onKey = (event: KeyboardEvent) => event.key === "Escape" && setOpen(false);
    const onClick = (event: MouseEvent) => {
      if (!root.current?.contains(event.target as Node)) setOpen(false);
    };
    window.addEventListener("keydown", onKey);
    document.addEventListener("click", onClick);
    return () => {
      window.removeEventListener("keydown", onKey);
      document.removeEventListener("click", onClick);
    };
  }, [open]);

  return (
    <div ref={root} className="relative">
      <Button
        variant="ghost"
        size="sm"
        className="gap-1.5 px-2.5"
        aria-expanded={open}
        aria-controls={menuId}
        aria-label={t("language.change", { language: languageNames[current] })}
        onClick={() => setOpen((value) => !value)}
      >
        <Languages aria-hidden="true" className="size-5" />
        <span className="text-xs font-semibold uppercase">{current}</span>
      </Button>
      <ul
        id={menuId}
        hidden={!open}
        className="absolute right-0 mt-2 w-48 rounded-lg border bg-card p-1 text-card-foreground shadow-lg"
      >
        {alternates.map(({ language, to }) => (
          <li key={language}>
            <Link
              to={to}
              lang={language}
              hrefLang={language}
              aria-current={language === current ? "true" : undefined}
              onClick={() => {
                rememberLanguage(language);
                setOpen(false);
              }}
              className={cn(
                "flex items-center justify-between rounded-md px-3 py-2 text-sm hover:bg-muted focus-visible:bg-muted",
                language === current && "font-semibold text-primary",
              )}
            >
              {languageNames[language]}
              {language === current ? <Check aria-hidden="true" className="size-4" /> : null}
            </Link>
          </li>
        ))}
      </ul>
    </div>
  );
}

/**
 * The four languages side by side: the footer's own "Language" navigation, or (`landmark={false}`)
 * a plain list inside the mobile menu's navigation, which may neither hold a second navigation nor
 * repeat the footer's name.
 */
export function LanguageList({ className, landmark = true }: { className?: string; landmark?: boolean }) {
  const { t } = useTranslation();
  const current = useLanguage();
  const list = (
    <ul className={cn("flex flex-wrap gap-x-1 gap-y-1", !landmark && className)}>
      {useAlternates().map(({ language, to }) => (
        <li key={language}>
          <Link
            to={to}
            lang={language}
            hrefLang={language}
            aria-current={language === current ? "true" : undefined}
            onClick={() => rememberLanguage(language)}
            className={cn(
              "inline-flex min-h-10 items-center rounded-md px-3 text-sm hover:bg-muted",
              language === current ? "font-semibold text-primary" : "text-muted-foreground hover:text-foreground",
            )}
          >
            {languageNames[language]}
          </Link>
        </li>
      ))}
    </ul>
  );
  return landmark ? (
    <nav aria-label={t("language.label")} className={className}>
      {list}
    </nav>
  ) : (
    list
  );
}
