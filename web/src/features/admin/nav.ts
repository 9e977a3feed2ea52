import {
  ChartColumn, CreditCard, FolderKanban, Globe, Inbox, LayoutDashboard, MessagesSquare, ScrollText, Server, Users,
  type LucideIcon,
} from "lucide-react";
import type { StaffRole } from "../../../../contracts/admin.ts";

export type NavKey = "overview" | "enquiries" | "chats" | "payments" | "domains" | "vps" | "projects" | "reports" | "staff" | "audit";
/** Sections whose capability has not landed yet: they show a "not available yet" panel. */
export type UnavailableSection = "chats" | "payments" | "vps" | "reports";

export interface NavItem {
  key: NavKey;
  to: string;
  icon: LucideIcon;
  group: "workspace" | "channels" | "administration";
  /** Shown only to these roles; everyone when absent. */
  roles?: readonly StaffRole[];
  soon?: boolean;
  /** Also highlighted on pages under this path (a detail page whose address is not under `to`). */
  activeUnder?: string;
}

export const navItems: readonly NavItem[] = [
  { key: "overview", to: "/admin", icon: LayoutDashboard, group: "workspace" },
  { key: "enquiries", to: "/admin/enquiries", icon: Inbox, group: "workspace" },
  { key: "projects", to: "/admin/projects", icon: FolderKanban, group: "workspace", activeUnder: "/admin/project/" },
  { key: "chats", to: "/admin/chats", icon: MessagesSquare, group: "channels" },
  { key: "payments", to: "/admin/payments", icon: CreditCard, group: "channels", roles: ["admin"] },
  { key: "domains", to: "/admin/domains", icon: Globe, group: "channels", roles: ["admin"], activeUnder: "/admin/domains/" },
  { key: "vps", to: "/admin/vps", icon: Server, group: "channels", roles: ["admin"], activeUnder: "/admin/vps/" },
  { key: "reports", to: "/admin/reports", icon: ChartColumn, group: "channels", soon: true },
  { key: "staff", to: "/admin/staff", icon: Users, group: "administration", roles: ["admin"] },
  { key: "audit", to: "/admin/audit", icon: ScrollText, group: "administration", roles: ["admin"] },
];

export const navGroups = ["workspace", "channels", "administration"] as const;

export const visibleNavItems = (role: StaffRole) => navItems.filter((item) => !item.roles || item.roles.includes(role));
