/**
 * Featured services shown on the home page, and the quick links beneath the
 * hero.
 */
import type { FeaturedService, QuickLink } from "./types.ts";

export const featuredServices: FeaturedService[] = [
  {
    title: "Technology Stack Advisor",
    description:
      "Planning a new website, app or system? Describe your goals and constraints and get a recommended technology stack you can discuss with any developer.",
    badge: "Featured",
    href: "/tech-stack-advisor",
    icon: "layers",
    highlights: ["Based on your goals, budget and team", "Reasoning behind every recommendation", "Free to use"],
    cta: "Get Recommendations",
  },
  {
    title: "Domain Registration",
    description:
      "Secure the right name for your business with local and international extensions, managed alongside your DNS and email.",
    badge: "Popular",
    href: "/domains",
    icon: "globe",
    highlights: [".rw, .co.ug, .co.ke and .com", "DNS management included", "Renewal reminders"],
    cta: "Search Domains",
  },
  {
    title: "Web Speed Analysis",
    description:
      "Find out how fast your website loads for visitors on mobile networks, and which changes would make the biggest difference.",
    badge: "New",
    href: "/speed-analysis",
    icon: "gauge",
    highlights: ["Mobile and desktop scores", "Core Web Vitals breakdown", "Prioritised recommendations"],
    cta: "Test My Website",
  },
  {
    title: "VPS Server Hosting",
    description:
      "Virtual private servers with dedicated resources, full root access and engineers on hand when you need help.",
    badge: "Pro",
    href: "/vps-hosting",
    icon: "server",
    highlights: ["NVMe SSD storage", "Full root access", "Daily snapshots"],
    cta: "View VPS Plans",
  },
];

export const quickLinks: QuickLink[] = [
  { label: "Search Domains", href: "/domains", icon: "globe" },
  { label: "Test Website Speed", href: "/speed-analysis", icon: "gauge" },
  { label: "VPS Hosting", href: "/vps-hosting", icon: "server" },
];
