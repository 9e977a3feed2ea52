/**
 * VPS hosting catalogue: plans, data-centre locations, operating system images, billing periods
 * and add-ons, with their prices in each currency the site shows. Staff can change plan and
 * add-on prices in the admin area; these are the defaults a fresh install starts from.
 *
 * Prices are whole amounts in each currency's display unit (USD in dollars and cents) per month.
 */

import type { VpsAddon, VpsImage, VpsLocation, VpsPeriod, VpsPlan } from "#contracts/vps.ts";

export const vpsPlans: VpsPlan[] = [
  {
    id: "starter",
    name: "Starter",
    vcpu: 1,
    ramGb: 2,
    ssdGb: 40,
    bandwidthTb: 1,
    monthly: { RWF: 8_000, UGX: 22_000, KES: 800, USD: 6 },
    bestFor: "A small website, a bot or a VPN",
  },
  {
    id: "standard",
    name: "Standard",
    vcpu: 2,
    ramGb: 4,
    ssdGb: 80,
    bandwidthTb: 2,
    monthly: { RWF: 15_000, UGX: 42_000, KES: 1_500, USD: 11.5 },
    popular: true,
    bestFor: "Business websites and small web apps",
  },
  {
    id: "performance",
    name: "Performance",
    vcpu: 4,
    ramGb: 8,
    ssdGb: 160,
    bandwidthTb: 4,
    monthly: { RWF: 29_000, UGX: 81_000, KES: 2_900, USD: 22 },
    bestFor: "Online shops, APIs and databases",
  },
  {
    id: "business",
    name: "Business",
    vcpu: 8,
    ramGb: 16,
    ssdGb: 320,
    bandwidthTb: 8,
    monthly: { RWF: 56_000, UGX: 157_000, KES: 5_600, USD: 43 },
    bestFor: "Busy applications and several sites",
  },
  {
    id: "enterprise",
    name: "Enterprise",
    vcpu: 16,
    ramGb: 32,
    ssdGb: 640,
    bandwidthTb: 16,
    monthly: { RWF: 110_000, UGX: 308_000, KES: 11_000, USD: 84 },
    bestFor: "Heavy workloads and private clouds",
  },
];

export const vpsLocations: VpsLocation[] = [
  { id: "kigali", city: "Kigali", country: "Rwanda", flag: "🇷🇼" },
  { id: "nairobi", city: "Nairobi", country: "Kenya", flag: "🇰🇪" },
  { id: "kampala", city: "Kampala", country: "Uganda", flag: "🇺🇬" },
];

export const vpsImages: VpsImage[] = [
  { id: "ubuntu-24.04", name: "Ubuntu", family: "ubuntu", version: "24.04 LTS" },
  { id: "ubuntu-22.04", name: "Ubuntu", family: "ubuntu", version: "22.04 LTS" },
  { id: "debian-12", name: "Debian", family: "debian", version: "12" },
  { id: "rocky-9", name: "Rocky Linux", family: "rocky", version: "9" },
  { id: "alma-9", name: "AlmaLinux", family: "alma", version: "9" },
];

export const vpsPeriods: VpsPeriod[] = [
  { months: 1, discountPercent: 0 },
  { months: 3, discountPercent: 5 },
  { months: 6, discountPercent: 10 },
  { months: 12, discountPercent: 15 },
];

export const vpsAddons: VpsAddon[] = [
  {
    id: "backups",
    name: "Daily backups",
    description: "Seven daily snapshots kept off the server",
    monthly: { RWF: 2_000, UGX: 5_500, KES: 200, USD: 1.5 },
    maxQuantity: 1,
  },
  {
    id: "extraIpv4",
    name: "Extra IPv4 address",
    description: "An additional public IPv4 address",
    monthly: { RWF: 3_000, UGX: 8_500, KES: 300, USD: 2.25 },
    maxQuantity: 4,
  },
  {
    id: "managedSupport",
    name: "Managed support",
    description: "We patch, monitor and fix the server for you",
    monthly: { RWF: 25_000, UGX: 70_000, KES: 2_500, USD: 19 },
    maxQuantity: 1,
  },
];

/** The admin "expiring soon" list looks this many days ahead (customer reminders: content/renewals.ts). */
export const VPS_RENEWAL_WINDOW_DAYS = 14;
