import { Bot, Mail, Phone } from "lucide-react";
import { useTranslation } from "react-i18next";
import { Link } from "react-router";
import { company } from "../../../../content/company.ts";
import { Button } from "../../components/ui/button.tsx";

/**
 * Placeholder until the live-chat capability lands: it says plainly that chat is not
 * connected yet and offers the ways to reach the team that do work today.
 */
export default function ChatPanel({ onClose }: { onClose: () => void }) {
  const { t } = useTranslation();
  return (
    <section
      role="dialog"
      aria-labelledby="chat-panel-title"
      className="fixed right-5 bottom-24 z-50 w-[min(24rem,calc(100vw-2.5rem))] overflow-hidden rounded-2xl border bg-card shadow-2xl"
    >
      <header className="flex items-center gap-3 bg-primary px-5 py-4 text-primary-foreground">
        <span className="grid size-10 place-items-center rounded-full bg-white/15">
          <Bot aria-hidden="true" className="size-5" />
        </span>
        <div>
          <h2 id="chat-panel-title" className="font-semibold">
            {t("chat.title", { assistant: company.assistantName })}
          </h2>
          <p className="text-sm opacity-85">{t("chat.subtitle")}</p>
        </div>
      </header>
      <div className="space-y-4 p-5">
        <h3 className="font-semibold text-foreground">{t("chat.comingSoonTitle")}</h3>
        <p className="text-sm leading-relaxed text-muted-foreground">{t("chat.comingSoonBody")}</p>
        <div className="flex flex-col gap-2">
          <Button asChild onClick={onClose}>
            <Link to="/contact">
              <Mail aria-hidden="true" />
              {t("chat.contactCta")}
            </Link>
          </Button>
          <Button asChild variant="outline">
            <a href={`tel:${company.phone.href}`}>
              <Phone aria-hidden="true" />
              {t("chat.callCta", { phone: company.phone.display })}
            </a>
          </Button>
        </div>
      </div>
    </section>
  );
}
