import { Inbox } from "lucide-react";
import { useTranslation } from "react-i18next";
import { Link } from "react-router";
import type { ProjectDetail } from "#contracts/advisor-admin.ts";
import { buttonClasses } from "../../components/ui/button.tsx";
import { paths } from "../../lib/route-table.ts";
import { Panel } from "./admin-ui.tsx";
import { formatDateTime } from "./format.ts";
import { Detail, EmailLink, ReplyButton } from "./record-panels.tsx";

/** Who saved the project and asked for a consultation, or a line saying nobody has yet. */
export function ProjectContact({ project }: { project: ProjectDetail }) {
  const { t } = useTranslation("admin");
  if (!project.contactName || !project.contactEmail) {
    return (
      <Panel title={t("project.contact")}>
        <p className="text-sm font-medium text-foreground">{t("project.noContact")}</p>
        <p className="mt-1 text-sm text-muted-foreground">{t("project.noContactBody")}</p>
      </Panel>
    );
  }
  return (
    <Panel title={t("project.contact")} data-testid="project-contact">
      <dl className="divide-y">
        <Detail term={t("project.name")}>{project.contactName}</Detail>
        <Detail term={t("project.email")}>
          <EmailLink email={project.contactEmail} testId="project-email" />
        </Detail>
        {project.contactNotes ? (
          <Detail term={t("project.contactNotes")}>
            <span className="block leading-relaxed whitespace-pre-wrap" data-testid="project-contact-notes">
              {project.contactNotes}
            </span>
          </Detail>
        ) : null}
        {project.consultationRequestedAt ? (
          <Detail term={t("project.requestedAt")}>
            <time dateTime={project.consultationRequestedAt}>{formatDateTime(project.consultationRequestedAt)}</time>
          </Detail>
        ) : null}
      </dl>
      <div className="mt-4 grid gap-2">
        {project.enquiryId ? (
          <Link className={buttonClasses("outline", "sm", "w-full")} to={paths.adminEnquiry({ id: project.enquiryId })}>
            <Inbox aria-hidden="true" />
            {t("project.openEnquiry")}
          </Link>
        ) : null}
        <ReplyButton email={project.contactEmail} label={t("project.reply")} className="w-full" />
      </div>
    </Panel>
  );
}
