import { company } from "./company.ts";

/**
 * Which registry (or registrar gateway) registers each TLD we sell over EPP, and what each one asks
 * for. A profile is used only once its server and login are configured (EPP_<ID>_* variables, see
 * the README); until then its TLDs stay with the manual registrar (staff register them by hand).
 * Policies here are our reading of each registry's registrar agreement: check them with the
 * registry at accreditation, and change them here, not in code.
 */
export interface RegistryProfile {
  /** Shown to staff. */
  name: string;
  /** TLDs (and second levels) this server registers. */
  tlds: readonly string[];
  /** `objects`: nameservers are host objects, created (host:create) before the domain; `attributes`: named inside the domain. */
  hosts: "objects" | "attributes";
  /** Contacts the registry requires beside the registrant (RFC 5731 domain:contact types). */
  contacts: readonly ("admin" | "tech" | "billing")[];
  /** Contact ids: prefix (keeps ours apart at the registry) and the most characters it allows (RFC 5730: 3-16). */
  contactIdPrefix: string;
  contactIdMax: number;
  /** Registration periods the registry accepts, in years. */
  years: { min: number; max: number };
}

export const registryProfiles = {
  ricta: {
    name: "RICTA (.rw)",
    tlds: ["rw", "co.rw", "org.rw", "net.rw", "ac.rw", "coop.rw"],
    hosts: "objects",
    contacts: ["admin", "tech"],
    contactIdPrefix: "KTS",
    contactIdMax: 16,
    years: { min: 1, max: 10 },
  },
  kenic: {
    name: "KeNIC (.ke)",
    tlds: ["ke", "co.ke", "or.ke", "ne.ke", "me.ke", "info.ke", "mobi.ke", "ac.ke", "sc.ke", "go.ke"],
    hosts: "objects",
    contacts: ["admin", "tech", "billing"],
    contactIdPrefix: "KTS",
    contactIdMax: 16,
    years: { min: 1, max: 10 },
  },
  ug: {
    name: "Uganda registry (.ug)",
    tlds: ["ug", "co.ug", "or.ug", "ac.ug", "ne.ug", "sc.ug", "go.ug", "com.ug", "org.ug"],
    hosts: "attributes",
    contacts: ["admin", "tech"],
    contactIdPrefix: "KTS",
    contactIdMax: 16,
    years: { min: 1, max: 10 },
  },
  gateway: {
    name: "Registrar EPP gateway (generic TLDs)",
    tlds: ["com", "net", "org", "io", "dev", "app", "tech", "africa"],
    hosts: "objects",
    contacts: ["admin", "tech", "billing"],
    contactIdPrefix: "KTS",
    contactIdMax: 16,
    years: { min: 1, max: 10 },
  },
} as const satisfies Record<string, RegistryProfile>;

export type RegistryProfileId = keyof typeof registryProfiles;
export const registryProfileIds = Object.keys(registryProfiles) as RegistryProfileId[];

/** Our own contact at the registries (tech and billing roles): the company's details. */
export const registrarContact = {
  name: company.name,
  organisation: company.name,
  street: "KG 7 Ave, Kigali Heights",
  city: company.headquarters.city,
  country: "RW",
  phoneDigits: company.phone.href.replace(/\D/g, ""),
  email: company.email,
};
