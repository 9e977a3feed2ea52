import { company } from "#content/company.ts";
import { pageMeta } from "../../components/seo/page-meta.ts";
import "../../features/admin/admin-messages.ts";
import { LoginScreen } from "../../features/admin/login-screen.tsx";
import { i18n } from "../../i18n/index.ts";
import type { Route } from "./+types/admin-login";
import "../staff.css";

export function meta({ location }: Route.MetaArgs) {
  return pageMeta({
    title: i18n.t("meta.loginTitle", { ns: "admin" }),
    description: i18n.t("meta.loginDescription", { ns: "admin", company: company.name }),
    path: location.pathname,
    noindex: true,
  });
}

export default function AdminLoginRoute() {
  return <LoginScreen />;
}
