import { useState } from "react";
import { useTranslation } from "react-i18next";
import { DeletionRequestAccepted } from "#contracts/data-rights.ts";
import { Button, buttonClasses } from "../../components/ui/button.tsx";
import { Card } from "../../components/ui/card.tsx";
import { apiRequest } from "../../lib/api-client.ts";
import { formatDate } from "../../lib/intl.ts";
import { Link } from "../../i18n/link.tsx";
import { paths } from "../../lib/route-table.ts";

/** The file the server builds from everything under the signed-in address (the session cookie goes with it). */
export const DATA_DOWNLOAD_URL = "/api/account/data";

async function askForDeletion(): Promise<DeletionRequestAccepted> {
  return DeletionRequestAccepted.parse(await (await apiRequest("POST", "/api/account/deletion-request")).json());
}

/** The customer's data-protection rights: a copy of their data, and deletion on request. */
export function DataRightsPanel() {
  const { t } = useTranslation("account");
  const [step, setStep] = useState<"idle" | "confirm" | "sending" | "failed">("idle");
  const [accepted, setAccepted] = useState<DeletionRequestAccepted | null>(null);

  async function confirm() {
    setStep("sending");
    try {
      setAccepted(await askForDeletion());
      setStep("idle");
    } catch {
      setStep("failed");
    }
  }

  return (
    <Card className="p-5 sm:p-6" data-testid="account-data-rights">
      <h2 className="text-lg font-bold text-foreground">{t("dataRights.title")}</h2>
      <p className="mt-2 text-sm text-muted-foreground">
        {t("dataRights.lead")}{" "}
        <Link to={paths.privacy()} className="font-medium text-primary underline-offset-4 hover:underline">
          {t("dataRights.privacyLink")}
        </Link>
      </p>
      <div className="mt-4 flex flex-wrap gap-3">
        <a className={buttonClasses("outline")} href={DATA_DOWNLOAD_URL} download>
          {t("dataRights.download")}
        </a>
        {!accepted && step !== "confirm" && step !== "sending" ? (
          <Button variant="outline" onClick={() => setStep("confirm")}>
            {t("dataRights.delete")}
          </Button>
        ) : null}
      </div>
      {step === "confirm" || step === "sending" ? (
        <div className="mt-4 rounded-lg border border-border p-4" role="group" aria-labelledby="deletion-confirm">
          <p id="deletion-confirm" className="text-sm text-foreground">
            {t("dataRights.confirmText")}
          </p>
          <div className="mt-3 flex flex-wrap gap-3">
            <Button variant="destructive" disabled={step === "sending"} onClick={() => void confirm()}>
              {step === "sending" ? t("dataRights.sending") : t("dataRights.confirm")}
            </Button>
            <Button variant="ghost" disabled={step === "sending"} onClick={() => setStep("idle")}>
              {t("dataRights.cancel")}
            </Button>
          </div>
        </div>
      ) : null}
      {step === "failed" ? (
        <p className="mt-4 text-sm text-destructive" role="alert">
          {t("dataRights.failed")}
        </p>
      ) : null}
      {accepted ? (
        <p className="mt-4 text-sm text-foreground" role="status" data-testid="deletion-requested">
          {accepted.message}{" "}
          {t("dataRights.requestedOn", { date: formatDate(accepted.requestedAt, { dateStyle: "long" }) })}
        </p>
      ) : null}
    </Card>
  );
}
