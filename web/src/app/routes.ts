import { type RouteConfig, index, layout, route } from "@react-router/dev/routes";
import { founderHandle } from "../../../content/founder-handle.ts";

// Every screen is its own route module, so each is code-split and loaded on demand.

export default [
  layout("routes/site-layout.tsx", [
    index("routes/home.tsx"),
    route("services", "routes/services.tsx"),
    route("about", "routes/about.tsx"),
    route("contact", "routes/contact.tsx"),
    route(founderHandle, "routes/founder.tsx"),
    layout("routes/app-layout.tsx", [
      route("domains", "routes/domains.tsx"),
      route("domain-details/:id", "routes/domain-details.tsx"),
      route("domains/order/:name", "routes/domain-order.tsx"),
      route("domains/order-status/:token", "routes/domain-order-status.tsx"),
      route("tech-stack-advisor", "routes/tech-stack-advisor.tsx"),
      route("speed-analysis", "routes/speed-analysis.tsx"),
      route("vps-hosting", "routes/vps-hosting.tsx"),
      route("vps-hosting/order/:token", "routes/vps-order.tsx"),
      route("payment", "routes/payment.tsx"),
      route("payment/receipt", "routes/payment-receipt.tsx"),
      route("payment/payment-failed", "routes/payment-failed.tsx"),
      route("project-details/:id", "routes/project-details.tsx"),
    ]),
    route("*", "routes/not-found.tsx"),
  ]),
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
