import { Mail, MessageSquareText, Phone, X } from "lucide-react";
import { Dialog } from "radix-ui";
import { useTranslation } from "react-i18next";
import { founder as englishFounder } from "#content/founder.ts";
import { Button, buttonClasses } from "../../components/ui/button.tsx";
import { useContent } from "../../i18n/content.ts";
import { IconTile } from "../../components/ui/icon-tile.tsx";
import { cn } from "../../lib/cn.ts";

/** The "Contact CEO" button and the dialog with the founder's email and phone. */
export function ContactCeoDialog() {
  const { t } = useTranslation("founder");
  const { founder } = useContent("founder", { founder: englishFounder });
  return (
    <Dialog.Root>
      <Dialog.Trigger asChild>
        {/* Its label wraps on the narrowest phones rather than run past the button in a longer language. */}
        <Button size="lg" className="h-auto min-h-12 w-full py-2 sm:w-auto">
          <MessageSquareText aria-hidden="true" />
          <span className="whitespace-normal">{t("hero.contactCta")}</span>
        </Button>
      </Dialog.Trigger>
      <Dialog.Portal>
        <Dialog.Overlay
          className={cn(
            "fixed inset-0 z-[70] bg-foreground/40 backdrop-blur-sm",
            "transition-opacity duration-200 starting:opacity-0 dark:bg-black/60",
          )}
        />
        <Dialog.Content
          className={cn(
            "fixed top-1/2 left-1/2 z-[71] w-[calc(100vw-2rem)] max-w-md",
            "-translate-x-1/2 -translate-y-1/2 rounded-2xl border bg-card p-6",
            "text-card-foreground shadow-2xl transition-[opacity,scale]",
            "duration-200 starting:scale-95 starting:opacity-0 sm:p-8",
          )}
        >
          <div className="flex items-start gap-4 pr-8">
            <IconTile>
              <MessageSquareText aria-hidden="true" />
            </IconTile>
            <div>
              <Dialog.Title className="text-xl font-semibold tracking-tight text-foreground">
                {t("dialog.title", { name: founder.name })}
              </Dialog.Title>
              <Dialog.Description className="mt-1 text-sm leading-relaxed text-muted-foreground">
                {t("dialog.description", { title: founder.title })}
              </Dialog.Description>
            </div>
          </div>

          <dl className="mt-6 grid gap-3">
            <div className="rounded-xl border bg-muted/50 px-4 py-3">
              <dt className="flex items-center gap-2 text-xs font-medium text-muted-foreground">
                <Mail aria-hidden="true" className="size-4 text-primary" />
                {t("dialog.email")}
              </dt>
              <dd className="mt-1 font-semibold break-all text-foreground">{founder.email}</dd>
            </div>
            <div className="rounded-xl border bg-muted/50 px-4 py-3">
              <dt className="flex items-center gap-2 text-xs font-medium text-muted-foreground">
                <Phone aria-hidden="true" className="size-4 text-primary" />
                {t("dialog.phone")}
              </dt>
              <dd className="mt-1 font-semibold text-foreground tabular-nums">{founder.phone.display}</dd>
            </div>
          </dl>

          <div className="mt-6 grid gap-3 sm:grid-cols-2">
            <a className={buttonClasses()} href={`mailto:${founder.email}`}>
              <Mail aria-hidden="true" />
              {t("dialog.sendEmail")}
            </a>
            <a className={buttonClasses("outline")} href={`tel:${founder.phone.href}`}>
              <Phone aria-hidden="true" />
              {t("dialog.callNow")}
            </a>
          </div>

          <Dialog.Close asChild>
            <Button variant="ghost" size="icon" className="absolute top-4 right-4" aria-label={t("dialog.close")}>
              <X aria-hidden="true" />
            </Button>
          </Dialog.Close>
        </Dialog.Content>
      </Dialog.Portal>
    </Dialog.Root>
  );
}
