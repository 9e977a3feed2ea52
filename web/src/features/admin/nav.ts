import {
  ChartColumn,
  CreditCard,
  FolderKanban,
  Globe,
  Inbox,
  LayoutDashboard,
  MessagesSquare,
  RefreshCcw,
  ScrollText,
  Server,
  UserSearch,
  Users,
  type LucideIcon,
} from "lucide-react";
import type { StaffRole } from "#contracts/admin.ts";
import { paths } from "../../lib/route-table.ts";

export type NavKey =
  | "overview"
  | "enquiries"
  | "chats"
  | "payments"
  | "domains"
  | "vps"
  | "renewals"
  | "projects"
  | "reports"
  | "people"
  | "staff"
  | "audit";

export interface NavItem {
  key: NavKey;
  to: string;
  icon: LucideIcon;
  group: "workspace" | "channels" | "administration";
  /** Shown only to these roles; everyone when absent. */
  roles?: readonly StaffRole[];
  /** Also highlighted on pages under this path (a detail page whose address is not under `to`). */
  activeUnder?: string;
}

export const navItems: readonly NavItem[] = [
  { key: "overview", to: paths.admin(), icon: LayoutDashboard, group: "workspace" },
  { key: "enquiries", to: paths.adminEnquiries(), icon: Inbox, group: "workspace" },
  {
    key: "projects",
    to: paths.adminProjects(),
    icon: FolderKanban,
    group: "workspace",
    activeUnder: "/admin/project/",
  },
  { key: "chats", to: paths.adminChats(), icon: MessagesSquare, group: "channels" },
  { key: "payments", to: paths.adminPayments(), icon: CreditCard, group: "channels", roles: ["admin"] },
  {
    key: "domains",
    to: paths.adminDomains(),
    icon: Globe,
    group: "channels",
    roles: ["admin"],
    activeUnder: "/admin/domains/",
  },
  { key: "vps", to: paths.adminVps(), icon: Server, group: "channels", roles: ["admin"], activeUnder: "/admin/vps/" },
  { key: "renewals", to: paths.adminRenewals(), icon: RefreshCcw, group: "channels", roles: ["admin"] },
  { key: "reports", to: paths.adminReports(), icon: ChartColumn, group: "channels", roles: ["admin"] },
  // Everyone may find and export a person's data; only admins see the erase button.
  { key: "people", to: paths.adminPeople(), icon: UserSearch, group: "administration" },
  { key: "staff", to: paths.adminStaff(), icon: Users, group: "administration", roles: ["admin"] },
  { key: "audit", to: paths.adminAudit(), icon: ScrollText, group: "administration", roles: ["admin"] },
];

export const navGroups = ["workspace", "channels", "administration"] as const;

export const visibleNavItems = (role: StaffRole) => navItems.filter((item) => !item.roles || item.roles.includes(role));
