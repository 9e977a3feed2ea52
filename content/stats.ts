/**
 * Headline figures. Earlier drafts of the site quoted different numbers in
 * different places (100+ / 150+ projects, 50+ / 85+ clients); these are the
 * single agreed values. Quote them from here rather than retyping them.
 */
import type { Figures, Stat } from "./types.ts";

export const figures = {
  projects: "150+",
  clients: "85+",
  countries: "15+",
  support: "24/7",
} as const satisfies Figures;

export const stats: Stat[] = [
  { value: figures.projects, label: "Projects Delivered", icon: "rocket" },
  { value: figures.clients, label: "Happy Clients", icon: "users" },
  { value: figures.countries, label: "Countries Served", icon: "globe" },
  { value: figures.support, label: "Support Available", icon: "headphones" },
];
