import { type RouteConfig, index, layout, route } from "@react-router/dev/routes";
import { founderHandle } from "../../../content/founder-handle.ts";
import { defaultLanguage, languages, type Language } from "../../../contracts/languages.ts";

// Every screen is its own route module, so each is code-split and loaded on demand.

/**
 * The public site, once per language: English at the root, the others under /fr, /sw and /rw.
 * Route ids carry the language so the same module can serve each copy.
 */
function siteRoutes(language: Language) {
  const english = language === defaultLanguage;
  const at = (path: string) => (english ? path : path ? `${language}/${path}` : language);
  const id = (name: string) => (english ? name : `${language}-${name}`);
  return layout("routes/site-layout.tsx", { id: id("site") }, [
    english ? index("routes/home.tsx", { id: "home" }) : route(at(""), "routes/home.tsx", { id: id("home") }),
    route(at("services"), "routes/services.tsx", { id: id("services") }),
    route(at("about"), "routes/about.tsx", { id: id("about") }),
    route(at("contact"), "routes/contact.tsx", { id: id("contact") }),
    route(at(founderHandle), "routes/founder.tsx", { id: id("founder") }),
    layout("routes/app-layout.tsx", { id: id("site-app") }, [
      route(at("domains"), "routes/domains.tsx", { id: id("domains") }),
      route(at("domain-details/:id"), "routes/domain-details.tsx", { id: id("domain-details") }),
      route(at("domains/order/:name"), "routes/domain-order.tsx", { id: id("domain-order") }),
      route(at("domains/order-status/:token"), "routes/domain-order-status.tsx", { id: id("domain-order-status") }),
      route(at("tech-stack-advisor"), "routes/tech-stack-advisor.tsx", { id: id("tech-stack-advisor") }),
      route(at("speed-analysis"), "routes/speed-analysis.tsx", { id: id("speed-analysis") }),
      route(at("vps-hosting"), "routes/vps-hosting.tsx", { id: id("vps-hosting") }),
      route(at("vps-hosting/order/:token"), "routes/vps-order.tsx", { id: id("vps-order") }),
      route(at("payment"), "routes/payment.tsx", { id: id("payment") }),
      route(at("payment/receipt"), "routes/payment-receipt.tsx", { id: id("payment-receipt") }),
      route(at("payment/payment-failed"), "routes/payment-failed.tsx", { id: id("payment-failed") }),
      route(at("project-details/:id"), "routes/project-details.tsx", { id: id("project-details") }),
    ]),
    route(at("*"), "routes/not-found.tsx", { id: id("not-found") }),
  ]);
}

export default [
  ...languages.map(siteRoutes),
  // Staff screens stand apart from the public site's navbar, footer and chat button.
  layout("routes/app-layout.tsx", { id: "admin-app" }, [
    route("auth", "routes/admin-login.tsx", { id: "auth" }),
    route("admin/login", "routes/admin-login.tsx", { id: "admin-login" }),
    layout("routes/admin/admin-layout.tsx", [
      route("admin", "routes/admin/overview.tsx"),
      route("admin/enquiries", "routes/admin/enquiries.tsx"),
      route("admin/enquiries/:id", "routes/admin/enquiry.tsx"),
      route("admin/projects", "routes/admin/projects.tsx"),
      route("admin/project/:id", "routes/admin/project.tsx"),
      route("admin/staff", "routes/admin/staff.tsx"),
      route("admin/audit", "routes/admin/audit.tsx"),
      route("admin/chats", "routes/admin/chats.tsx"),
      route("admin/payments", "routes/admin/payments.tsx"),
      route("admin/vps", "routes/admin/vps.tsx"),
      route("admin/vps/orders/:id", "routes/admin/vps-order.tsx"),
      route("admin/domains", "routes/admin/domains.tsx"),
      route("admin/domains/orders/:id", "routes/admin/domain-order.tsx"),
      ...(["reports"] as const).map((section) =>
        route(`admin/${section}`, "routes/admin/unavailable.tsx", { id: `admin-unavailable-${section}` }),
      ),
    ]),
  ]),
] satisfies RouteConfig;
