import { type RouteConfig, index, layout, route } from "@react-router/dev/routes";
import { defaultLanguage, languages, localizePath, type Language } from "#contracts/languages.ts";
import { type RouteName, routeId, routeTable } from "../lib/route-table.ts";

// Generated from the one route table (route-table.ts). Every screen is its own route module, so
// each is code-split and loaded on demand.

/** The module of each route, relative to web/src/app. */
const modules: Record<RouteName, string> = {
  home: "routes/home.tsx",
  services: "routes/services.tsx",
  about: "routes/about.tsx",
  contact: "routes/contact.tsx",
  founder: "routes/founder.tsx",
  faq: "routes/faq.tsx",
  privacy: "routes/privacy.tsx",
  terms: "routes/terms.tsx",
  cookies: "routes/cookies.tsx",
  domains: "routes/domains.tsx",
  domainDetails: "routes/domain-details.tsx",
  domainOrder: "routes/domain-order.tsx",
  domainOrderStatus: "routes/domain-order-status.tsx",
  techStackAdvisor: "routes/tech-stack-advisor.tsx",
  speedAnalysis: "routes/speed-analysis.tsx",
  vpsHosting: "routes/vps-hosting.tsx",
  vpsOrder: "routes/vps-order.tsx",
  payment: "routes/payment.tsx",
  paymentReceipt: "routes/payment-receipt.tsx",
  paymentFailed: "routes/payment-failed.tsx",
  account: "routes/account.tsx",
  projectDetails: "routes/project-details.tsx",
  auth: "routes/admin-login.tsx",
  adminLogin: "routes/admin-login.tsx",
  admin: "routes/admin/overview.tsx",
  adminEnquiries: "routes/admin/enquiries.tsx",
  adminEnquiry: "routes/admin/enquiry.tsx",
  adminProjects: "routes/admin/projects.tsx",
  adminProject: "routes/admin/project.tsx",
  adminStaff: "routes/admin/staff.tsx",
  adminAudit: "routes/admin/audit.tsx",
  adminChats: "routes/admin/chats.tsx",
  adminPayments: "routes/admin/payments.tsx",
  adminVps: "routes/admin/vps.tsx",
  adminVpsOrder: "routes/admin/vps-order.tsx",
  adminDomains: "routes/admin/domains.tsx",
  adminDomainOrder: "routes/admin/domain-order.tsx",
  adminReports: "routes/admin/reports.tsx",
  adminPeople: "routes/admin/people.tsx",
  adminRenewals: "routes/admin/renewals.tsx",
};

const table = Object.entries(routeTable).map(
  ([name, route]) => [name, { ...route, file: modules[name as RouteName] }] as const,
);
const relative = (path: string) => path.replace(/^\//, "");

/**
 * The public site, once per language: English at the root, the others under /fr, /sw and /rw.
 * Route ids carry the language so the same module can serve each copy.
 */
function siteRoutes(language: Language) {
  const english = language === defaultLanguage;
  const id = (name: string) => (english ? routeId(name) : `${language}-${routeId(name)}`);
  const at = (path: string) => relative(localizePath(path, language));
  const entry = ([name, r]: (typeof table)[number]) =>
    r.path === "/" && english ? index(r.file, { id: id(name) }) : route(at(r.path), r.file, { id: id(name) });
  return layout("routes/site-layout.tsx", { id: id("site") }, [
    ...table.filter(([, r]) => r.kind === "page").map(entry),
    layout(
      "routes/app-layout.tsx",
      { id: id("site-app") },
      table.filter(([, r]) => r.kind === "screen" || r.kind === "tool").map(entry),
    ),
    route(english ? "*" : `${language}/*`, "routes/not-found.tsx", { id: id("not-found") }),
  ]);
}

const staffRoutes = table.filter(([, r]) => r.kind === "staff");
// The sign-in screens stand outside the signed-in admin layout.
const signedOut = (path: string) => path === "/auth" || path === "/admin/login";

export default [
  ...languages.map(siteRoutes),
  // Staff screens stand apart from the public site's navbar, footer and chat button.
  layout("routes/app-layout.tsx", { id: "admin-app" }, [
    ...staffRoutes
      .filter(([, r]) => signedOut(r.path))
      .map(([name, r]) => route(relative(r.path), r.file, { id: routeId(name) })),
    layout(
      "routes/admin/admin-layout.tsx",
      staffRoutes
        .filter(([, r]) => !signedOut(r.path))
        .map(([name, r]) => route(relative(r.path), r.file, { id: routeId(name) })),
    ),
  ]),
] satisfies RouteConfig;
