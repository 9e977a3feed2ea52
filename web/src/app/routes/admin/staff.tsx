import { useMutation, useQuery, useQueryClient } from "@tanstack/react-query";
import { Ban, CircleCheck, Ellipsis, KeyRound, ShieldOff, UserCog, UserPlus, Users } from "lucide-react";
import { DropdownMenu } from "radix-ui";
import { useState } from "react";
import { useTranslation } from "react-i18next";
import { StaffAccount, StaffList, type UpdateStaff } from "#contracts/admin.ts";
import { company } from "#content/company.ts";
import { pageMeta } from "../../../components/seo/page-meta.ts";
import { Button } from "../../../components/ui/button.tsx";
import { toast } from "../../../components/ui/use-toast.ts";
import "../../../features/admin/admin-messages.ts";
import { menuItem } from "../../../features/admin/admin-shell.tsx";
import {
  Avatar,
  EmptyState,
  LoadError,
  NoAccess,
  PageHeader,
  PanelSpinner,
  RoleBadge,
} from "../../../features/admin/admin-ui.tsx";
import {
  adminRetry,
  getJson,
  isNetworkError,
  isStatus,
  send,
  sendJson,
  serverMessage,
} from "../../../features/admin/api.ts";
import { formatDateTime, formatRelative } from "../../../features/admin/format.ts";
import { useAdminUser } from "../../../features/admin/session.tsx";
import { CreateStaffDialog, ResetPasswordDialog, staffKey } from "../../../features/admin/staff-dialogs.tsx";
import { i18n } from "../../../i18n/index.ts";
import { cn } from "../../../lib/cn.ts";
import type { Route } from "./+types/staff";

export function meta({ location }: Route.MetaArgs) {
  return pageMeta({
    title: i18n.t("meta.staff", { ns: "admin" }),
    description: i18n.t("meta.adminDescription", { ns: "admin", company: company.name }),
    path: location.pathname,
    noindex: true,
  });
}

function AccountStatus({ disabled, twoFactor }: { disabled: boolean; twoFactor: boolean }) {
  const { t } = useTranslation("admin");
  return (
    <span className="inline-flex flex-col gap-0.5">
      <AccountState disabled={disabled} />
      <span className="text-xs text-muted-foreground" data-testid="staff-two-factor">
        {twoFactor ? t("staff.twoFactorOn") : t("staff.twoFactorOff")}
      </span>
    </span>
  );
}

function AccountState({ disabled }: { disabled: boolean }) {
  const { t } = useTranslation("admin");
  return (
    <span
      className={cn("inline-flex items-center gap-1.5 text-sm", disabled ? "text-muted-foreground" : "text-foreground")}
    >
      <span
        aria-hidden="true"
        className={cn("size-1.5 rounded-full", disabled ? "bg-muted-foreground/50" : "bg-success")}
      />
      {disabled ? t("staff.disabled") : t("staff.active")}
    </span>
  );
}

function LastLogin({ at }: { at: string | null }) {
  const { t } = useTranslation("admin");
  if (!at) return <span className="text-muted-foreground">{t("common.never")}</span>;
  return (
    <time dateTime={at} title={formatDateTime(at)}>
      {formatRelative(at)}
    </time>
  );
}

function RowActions({
  account,
  onUpdate,
  onReset,
  onResetTwoFactor,
  busy,
}: {
  account: StaffAccount;
  onUpdate: (changes: UpdateStaff) => void;
  onReset: () => void;
  onResetTwoFactor: () => void;
  busy: boolean;
}) {
  const { t } = useTranslation("admin");
  return (
    <DropdownMenu.Root>
      <DropdownMenu.Trigger asChild>
        <Button
          variant="ghost"
          size="icon"
          className="size-8!"
          disabled={busy}
          aria-label={t("staff.actionsFor", { name: account.displayName })}
        >
          <Ellipsis aria-hidden="true" />
        </Button>
      </DropdownMenu.Trigger>
      <DropdownMenu.Portal>
        <DropdownMenu.Content
          align="end"
          sideOffset={4}
          className="z-[80] min-w-48 rounded-lg border bg-card p-1 text-card-foreground shadow-lg"
        >
          <DropdownMenu.Item
            className={menuItem}
            onSelect={() => onUpdate({ role: account.role === "admin" ? "agent" : "admin" })}
          >
            <UserCog aria-hidden="true" className="size-4 text-muted-foreground" />
            {account.role === "admin" ? t("staff.makeAgent") : t("staff.makeAdmin")}
          </DropdownMenu.Item>
          <DropdownMenu.Item className={menuItem} onSelect={onReset}>
            <KeyRound aria-hidden="true" className="size-4 text-muted-foreground" />
            {t("staff.resetPassword")}
          </DropdownMenu.Item>
          {account.twoFactorEnabled ? (
            <DropdownMenu.Item className={menuItem} onSelect={onResetTwoFactor}>
              <ShieldOff aria-hidden="true" className="size-4 text-muted-foreground" />
              {t("staff.resetTwoFactor")}
            </DropdownMenu.Item>
          ) : null}
          <DropdownMenu.Separator className="my-1 h-px bg-border" />
          <DropdownMenu.Item
            className={cn(menuItem, !account.disabled && "text-destructive data-[highlighted]:text-destructive")}
            onSelect={() => onUpdate({ disabled: !account.disabled })}
          >
            {account.disabled ? (
              <CircleCheck aria-hidden="true" className="size-4 text-muted-foreground" />
            ) : (
              <Ban aria-hidden="true" className="size-4" />
            )}
            {account.disabled ? t("staff.enable") : t("staff.disable")}
          </DropdownMenu.Item>
        </DropdownMenu.Content>
      </DropdownMenu.Portal>
    </DropdownMenu.Root>
  );
}

function StaffScreen() {
  const { t } = useTranslation("admin");
  const me = useAdminUser();
  const queryClient = useQueryClient();
  const [resetting, setResetting] = useState<StaffAccount | null>(null);
  const staff = useQuery({
    queryKey: staffKey,
    queryFn: () => getJson("/api/admin/users", StaffList),
    retry: adminRetry,
    staleTime: 30_000,
  });

  const update = useMutation({
    mutationFn: ({ id, changes }: { id: string; changes: UpdateStaff }) =>
      sendJson("PATCH", `/api/admin/users/${encodeURIComponent(id)}`, changes, StaffAccount),
    onSuccess: (account, { changes }) => {
      queryClient.setQueryData<StaffList>(staffKey, (current) =>
        current ? { items: current.items.map((item) => (item.id === account.id ? account : item)) } : current,
      );
      void queryClient.invalidateQueries({ queryKey: ["/api/admin/assignees"] });
      const name = account.displayName;
      toast({
        title:
          changes.role !== undefined
            ? t("staff.roleChanged", { name, role: t(`roles.${account.role}`) })
            : account.disabled
              ? t("staff.disabledToast", { name })
              : t("staff.enabledToast", { name }),
        variant: "success",
      });
    },
    onError: (error) => {
      if (isStatus(error, 401)) return;
      toast({
        title: t("staff.updateFailed"),
        description: isNetworkError(error)
          ? t("common.connectionError")
          : (serverMessage(error) ?? t("common.unexpectedError")),
        variant: "destructive",
      });
    },
  });

  const resetTwoFactor = useMutation({
    mutationFn: (account: StaffAccount) =>
      send("POST", `/api/admin/users/${encodeURIComponent(account.id)}/reset-two-factor`, {}),
    onSuccess: (_, account) => {
      queryClient.setQueryData<StaffList>(staffKey, (current) =>
        current
          ? {
              items: current.items.map((item) =>
                item.id === account.id ? { ...item, twoFactorEnabled: false } : item,
              ),
            }
          : current,
      );
      toast({ title: t("staff.twoFactorResetDone", { name: account.displayName }), variant: "success" });
    },
    onError: (error) => {
      if (isStatus(error, 401)) return;
      toast({
        title: t("staff.twoFactorResetFailed"),
        description: isNetworkError(error)
          ? t("common.connectionError")
          : (serverMessage(error) ?? t("common.unexpectedError")),
        variant: "destructive",
      });
    },
  });

  const busyId = update.isPending ? update.variables.id : resetTwoFactor.isPending ? resetTwoFactor.variables.id : null;
  const actions = (account: StaffAccount) =>
    account.id === me.id ? null : (
      <RowActions
        account={account}
        busy={busyId === account.id}
        onUpdate={(changes) => update.mutate({ id: account.id, changes })}
        onReset={() => setResetting(account)}
        onResetTwoFactor={() => {
          if (window.confirm(t("staff.resetTwoFactorConfirm", { name: account.displayName })))
            resetTwoFactor.mutate(account);
        }}
      />
    );
  const nameCell = (account: StaffAccount) => (
    <div className="flex min-w-0 items-center gap-3">
      <Avatar name={account.displayName} className={cn("size-8 text-xs", account.disabled && "opacity-50 grayscale")} />
      <div className="min-w-0">
        <p className="flex items-center gap-2 truncate font-medium text-foreground">
          {account.displayName}
          {account.id === me.id ? (
            <span className="rounded bg-muted px-1.5 py-px text-[10px] font-medium text-muted-foreground">
              {t("staff.you")}
            </span>
          ) : null}
        </p>
        <p className="truncate text-xs text-muted-foreground">{account.username}</p>
      </div>
    </div>
  );

  return (
    <div className="grid gap-6">
      <PageHeader
        title={t("staff.title")}
        description={t("staff.lead")}
        actions={
          <CreateStaffDialog
            trigger={(open) => (
              <Button size="sm" onClick={open}>
                <UserPlus aria-hidden="true" />
                {t("staff.add")}
              </Button>
            )}
          />
        }
      />
      <section className="rounded-xl border bg-card shadow-xs">
        {staff.isPending ? (
          <PanelSpinner />
        ) : staff.isError ? (
          <LoadError error={staff.error} onRetry={() => void staff.refetch()} />
        ) : staff.data.items.length === 0 ? (
          <EmptyState icon={Users} title={t("staff.empty")} />
        ) : (
          <>
            <table className="hidden w-full text-sm md:table" data-testid="staff-table">
              <thead>
                <tr className="border-b text-left text-xs text-muted-foreground">
                  <th scope="col" className="py-2.5 pr-3 pl-5 font-medium">
                    {t("staff.columns.name")}
                  </th>
                  <th scope="col" className="px-3 py-2.5 font-medium">
                    {t("staff.columns.role")}
                  </th>
                  <th scope="col" className="px-3 py-2.5 font-medium">
                    {t("staff.columns.status")}
                  </th>
                  <th scope="col" className="px-3 py-2.5 font-medium">
                    {t("staff.columns.lastLogin")}
                  </th>
                  <th scope="col" className="py-2.5 pr-5 pl-3 text-right font-medium">
                    <span className="sr-only">{t("staff.columns.actions")}</span>
                  </th>
                </tr>
              </thead>
              <tbody className="divide-y">
                {staff.data.items.map((account) => (
                  <tr key={account.id} data-testid="staff-row" data-username={account.username}>
                    <td className="py-3 pr-3 pl-5">{nameCell(account)}</td>
                    <td className="px-3 py-3">
                      <RoleBadge role={account.role} />
                    </td>
                    <td className="px-3 py-3">
                      <AccountStatus disabled={account.disabled} twoFactor={account.twoFactorEnabled} />
                    </td>
                    <td className="px-3 py-3 whitespace-nowrap text-muted-foreground">
                      <LastLogin at={account.lastLoginAt} />
                    </td>
                    <td className="py-3 pr-5 pl-3 text-right">{actions(account)}</td>
                  </tr>
                ))}
              </tbody>
            </table>
            <ul className="divide-y md:hidden">
              {staff.data.items.map((account) => (
                <li key={account.id} className="flex items-start gap-3 px-4 py-3.5">
                  <div className="min-w-0 flex-1">
                    {nameCell(account)}
                    <div className="mt-2 flex flex-wrap items-center gap-x-3 gap-y-1 pl-11 text-xs text-muted-foreground">
                      <RoleBadge role={account.role} />
                      <AccountStatus disabled={account.disabled} twoFactor={account.twoFactorEnabled} />
                      <span>
                        {t("staff.columns.lastLogin")}: <LastLogin at={account.lastLoginAt} />
                      </span>
                    </div>
                  </div>
                  {actions(account)}
                </li>
              ))}
            </ul>
          </>
        )}
      </section>
      <ResetPasswordDialog account={resetting} onClose={() => setResetting(null)} />
    </div>
  );
}

export default function StaffPage() {
  const me = useAdminUser();
  return me.role === "admin" ? <StaffScreen /> : <NoAccess />;
}
