import { zodResolver } from "@hookform/resolvers/zod";
import { useMutation, useQuery, useQueryClient } from "@tanstack/react-query";
import { Download, ShieldAlert, UserSearch } from "lucide-react";
import { useEffect, useState } from "react";
import { useForm } from "react-hook-form";
import { useTranslation } from "react-i18next";
import type { z } from "zod";
import {
  ErasureConfirm,
  ErasureResult,
  OpenDeletionRequests,
  PERSON_DATA_SECTIONS,
  PersonData,
  PersonQuery,
  type PersonDataSection,
} from "#contracts/data-rights.ts";
import { company } from "#content/company.ts";
import { pageMeta } from "../../../components/seo/page-meta.ts";
import { Button, buttonClasses } from "../../../components/ui/button.tsx";
import { Input } from "../../../components/ui/field.tsx";
import "../../../features/admin/admin-messages.ts";
import {
  AdminDialog,
  EmptyState,
  FormAlert,
  FormField,
  LoadError,
  PageHeader,
  PanelSpinner,
  describedBy,
} from "../../../features/admin/admin-ui.tsx";
import { adminRetry, getJson, isStatus, queryString, sendJson, serverMessage } from "../../../features/admin/api.ts";
import { formatDateTime } from "../../../features/admin/format.ts";
import { useAdminUser } from "../../../features/admin/session.tsx";
import { useFieldErrorText } from "../../../features/admin/validation.ts";
import { applyServerFieldErrors } from "../../../lib/form.ts";
import { i18n } from "../../../i18n/index.ts";
import type { Route } from "./+types/people";

export function meta({ location }: Route.MetaArgs) {
  return pageMeta({
    title: i18n.t("meta.people", { ns: "admin" }),
    description: i18n.t("meta.adminDescription", { ns: "admin", company: company.name }),
    path: location.pathname,
    noindex: true,
  });
}

interface Search {
  email: string;
  phone: string;
}

const requestsKey = ["/api/admin/deletion-requests"] as const;

function DeletionRequests({ onPick }: { onPick: (email: string) => void }) {
  const { t } = useTranslation("admin");
  const requests = useQuery({
    queryKey: requestsKey,
    queryFn: () => getJson("/api/admin/deletion-requests", OpenDeletionRequests),
    retry: adminRetry,
  });
  return (
    <section className="rounded-xl border bg-card p-5 shadow-xs" data-testid="deletion-requests">
      <h2 className="text-base font-semibold text-foreground">{t("people.requests.title")}</h2>
      <p className="mt-1 text-sm text-muted-foreground">{t("people.requests.lead")}</p>
      {requests.isPending ? (
        <PanelSpinner />
      ) : requests.isError ? (
        <LoadError error={requests.error} onRetry={() => void requests.refetch()} />
      ) : requests.data.items.length === 0 ? (
        <p className="mt-3 text-sm text-muted-foreground">{t("people.requests.empty")}</p>
      ) : (
        <ul className="mt-3 divide-y">
          {requests.data.items.map((r) => (
            <li key={r.id} className="flex flex-wrap items-center justify-between gap-3 py-2.5">
              <span className="min-w-0 break-all text-sm text-foreground">
                {r.email}{" "}
                <span className="text-muted-foreground">
                  · {t("people.requests.askedOn", { date: formatDateTime(r.requestedAt) })}
                </span>
              </span>
              <Button variant="outline" size="sm" onClick={() => onPick(r.email)}>
                {t("people.requests.open")}
              </Button>
            </li>
          ))}
        </ul>
      )}
    </section>
  );
}

function EraseDialog({
  search,
  open,
  onOpenChange,
  onErased,
}: {
  search: Search;
  open: boolean;
  onOpenChange: (open: boolean) => void;
  onErased: (result: ErasureResult) => void;
}) {
  const { t } = useTranslation("admin");
  const {
    register,
    handleSubmit,
    reset,
    setError,
    formState: { errors },
  } = useForm<z.input<typeof ErasureConfirm>, unknown, ErasureConfirm>({
    resolver: zodResolver(ErasureConfirm),
    reValidateMode: "onChange",
    defaultValues: { confirm: "" },
  });
  const erase = useMutation({
    mutationFn: ({ confirm }: ErasureConfirm) =>
      sendJson("POST", "/api/admin/people/erase", { ...search, confirm }, ErasureResult),
    onSuccess: (result) => {
      reset();
      onErased(result);
    },
    onError: (error) => applyServerFieldErrors(error, setError, ["confirm"]),
  });
  const fieldError = useFieldErrorText("person")("confirm", errors.confirm);
  return (
    <AdminDialog
      open={open}
      onOpenChange={onOpenChange}
      title={t("people.erase.title")}
      description={t("people.erase.lead")}
    >
      <form
        className="grid gap-4"
        noValidate
        onSubmit={(event) => void handleSubmit((values) => erase.mutate(values))(event)}
      >
        <FormField id="erase-confirm" label={t("people.erase.confirmLabel")} error={fieldError}>
          <Input
            id="erase-confirm"
            autoComplete="off"
            {...describedBy("erase-confirm", { error: fieldError })}
            {...register("confirm")}
          />
        </FormField>
        {erase.isError && !fieldError ? <FormAlert message={serverMessage(erase.error) ?? t("people.failed")} /> : null}
        <div className="flex justify-end gap-3">
          <Button variant="ghost" onClick={() => onOpenChange(false)}>
            {t("people.erase.cancel")}
          </Button>
          <Button type="submit" variant="destructive" disabled={erase.isPending}>
            {erase.isPending ? t("people.erase.erasing") : t("people.erase.submit")}
          </Button>
        </div>
      </form>
    </AdminDialog>
  );
}

function Results({ search, data }: { search: Search; data: PersonData }) {
  const { t } = useTranslation("admin");
  const me = useAdminUser();
  const queryClient = useQueryClient();
  const [erasing, setErasing] = useState(false);
  const [erased, setErased] = useState<ErasureResult | null>(null);
  const total = PERSON_DATA_SECTIONS.reduce((sum, key) => sum + data[key].length, 0);
  const exportUrl = `/api/admin/people/export${queryString({ email: search.email || null, phone: search.phone || null })}`;
  const count = (key: PersonDataSection) => data[key].length;

  return (
    <section className="rounded-xl border bg-card p-5 shadow-xs" data-testid="person-results">
      <h2 className="text-base font-semibold text-foreground">{t("people.results.title")}</h2>
      {erased ? (
        <p role="status" className="mt-2 text-sm text-foreground" data-testid="person-erased">
          {t("people.erase.done", {
            summary: PERSON_DATA_SECTIONS.map(
              (key) => `${t(`people.sections.${key}`)}: ${erased.counts[key] ?? 0}`,
            ).join(" · "),
          })}
        </p>
      ) : null}
      {total === 0 ? (
        <p className="mt-2 text-sm text-muted-foreground">{t("people.results.none")}</p>
      ) : (
        <>
          <dl className="mt-3 grid grid-cols-2 gap-x-6 gap-y-2 text-sm sm:grid-cols-4">
            {PERSON_DATA_SECTIONS.map((key) => (
              <div key={key}>
                <dt className="text-muted-foreground">{t(`people.sections.${key}`)}</dt>
                <dd className="font-semibold text-foreground tabular-nums" data-testid={`count-${key}`}>
                  {count(key)}
                </dd>
              </div>
            ))}
          </dl>
          <details className="mt-4 text-sm">
            <summary className="cursor-pointer font-medium text-foreground">{t("people.results.show")}</summary>
            <pre className="mt-2 max-h-96 overflow-auto rounded-lg bg-muted p-3 text-xs break-all whitespace-pre-wrap">
              {JSON.stringify(data, null, 2)}
            </pre>
          </details>
          <div className="mt-4 flex flex-wrap gap-3">
            <a className={buttonClasses("outline")} href={exportUrl} download>
              <Download aria-hidden="true" />
              {t("people.results.export")}
            </a>
            {me.role === "admin" ? (
              <Button variant="destructive" onClick={() => setErasing(true)}>
                <ShieldAlert aria-hidden="true" />
                {t("people.erase.open")}
              </Button>
            ) : (
              <p className="self-center text-xs text-muted-foreground">{t("people.erase.adminsOnly")}</p>
            )}
          </div>
        </>
      )}
      <EraseDialog
        search={search}
        open={erasing}
        onOpenChange={setErasing}
        onErased={(result) => {
          setErasing(false);
          setErased(result);
          void queryClient.invalidateQueries({ queryKey: ["/api/admin/people"] });
          void queryClient.invalidateQueries({ queryKey: requestsKey });
        }}
      />
    </section>
  );
}

/** Data-protection rights, staff side: find a person by email or phone, export, and (admins) erase. */
export default function PeoplePage() {
  const { t } = useTranslation("admin");
  const {
    register,
    handleSubmit,
    reset,
    setError,
    formState: { errors },
  } = useForm<z.input<typeof PersonQuery>, unknown, PersonQuery>({
    resolver: zodResolver(PersonQuery),
    reValidateMode: "onChange",
    defaultValues: { email: "", phone: "" },
  });
  const errorText = useFieldErrorText("person");
  const fields = { email: errorText("email", errors.email), phone: errorText("phone", errors.phone) };
  const [search, setSearch] = useState<Search | null>(null);
  const person = useQuery({
    queryKey: ["/api/admin/people", search],
    queryFn: () =>
      getJson(
        `/api/admin/people${queryString({ email: search!.email || null, phone: search!.phone || null })}`,
        PersonData,
      ),
    enabled: search !== null,
    retry: adminRetry,
  });
  // The contract checked the search before it went; a refusal all the same goes under its field.
  const refused = person.isError && isStatus(person.error, 400);
  useEffect(() => {
    if (person.error) applyServerFieldErrors(person.error, setError, ["email", "phone"]);
  }, [person.error, setError]);

  const submit = (query: PersonQuery) => setSearch({ email: query.email ?? "", phone: query.phone ?? "" });
  function pick(email: string) {
    reset({ email, phone: "" });
    setSearch({ email, phone: "" });
  }

  return (
    <div className="grid gap-6">
      <PageHeader title={t("people.title")} description={t("people.lead")} />
      <DeletionRequests onPick={pick} />
      <form
        onSubmit={(event) => void handleSubmit(submit)(event)}
        className="grid gap-4 rounded-xl border bg-card p-5 shadow-xs sm:grid-cols-[1fr_1fr_auto]"
        noValidate
      >
        <FormField id="person-email" label={t("people.search.email")} error={fields.email}>
          <Input
            id="person-email"
            type="email"
            {...describedBy("person-email", { error: fields.email })}
            {...register("email")}
          />
        </FormField>
        <FormField
          id="person-phone"
          label={t("people.search.phone")}
          hint={t("people.search.phoneHint")}
          error={fields.phone}
        >
          <Input
            id="person-phone"
            type="tel"
            {...describedBy("person-phone", { hint: true, error: fields.phone })}
            {...register("phone")}
          />
        </FormField>
        <Button type="submit" className="self-start sm:mt-6">
          <UserSearch aria-hidden="true" />
          {t("people.search.submit")}
        </Button>
      </form>
      {search === null ? (
        <EmptyState icon={UserSearch} title={t("people.search.prompt")} />
      ) : person.isPending ? (
        <PanelSpinner />
      ) : person.isError ? (
        refused ? null : (
          <LoadError error={person.error} onRetry={() => void person.refetch()} />
        )
      ) : (
        <Results key={JSON.stringify(search)} search={search} data={person.data} />
      )}
    </div>
  );
}
