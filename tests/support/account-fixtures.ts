import { randomBytes, randomUUID } from "node:crypto";
import { sql } from "drizzle-orm";
import type { Database } from "#server/db/client.ts";

// Rows as the order, payment and advisor flows leave them, written straight to the tables: the
// account tests are about what the account shows and does with them, not about those flows.

const token = () => randomBytes(24).toString("base64url");
const reference = (prefix: string) => `${prefix}-${randomBytes(3).toString("hex").toUpperCase()}`;

export async function seedVpsOrder(
  db: Database,
  values: { email: string; status?: string; expiresAt?: Date | null; phone?: string; language?: string },
): Promise<{ id: string; accessToken: string; reference: string }> {
  const id = randomUUID();
  const accessToken = token();
  const ref = reference("VPS");
  await db.execute(sql`
    insert into vps_orders (id, reference, access_token, status, plan_id, plan, location_id, image_id, period_months,
      addons, currency, amount, quote, hostname, access_method, customer_name, email, phone_number, expires_at, language)
    values (${id}, ${ref}, ${accessToken}, ${values.status ?? "active"}, 'starter', ${JSON.stringify({ name: "Starter" })}::jsonb,
      'kigali', 'ubuntu-24.04', 1, '[]'::jsonb, 'RWF', '15000',
      ${JSON.stringify({ total: 15000, currency: "RWF" })}::jsonb, 'app-server', 'password', 'Aline Uwase',
      ${values.email}, ${values.phone ?? "250788123456"}, ${values.expiresAt?.toISOString() ?? null}, ${values.language ?? "en"})`);
  return { id, accessToken, reference: ref };
}

export async function seedDomainOrder(
  db: Database,
  values: { email: string; name?: string; status?: string; expiresAt?: Date | null; phone?: string; language?: string },
): Promise<{ id: string; accessToken: string; reference: string }> {
  const id = randomUUID();
  const accessToken = token();
  const ref = reference("DOM");
  const name = values.name ?? "aline-shop.rw";
  await db.execute(sql`
    insert into domain_orders (id, reference, access_token, status, language, domain_name, unicode_name, tld, years,
      nameservers, customer_name, email, phone_number, address, city, country, currency, amount, quote, expires_at,
      registered_at)
    values (${id}, ${ref}, ${accessToken}, ${values.status ?? "registered"}, ${values.language ?? "en"}, ${name}, ${name},
      ${name.slice(name.indexOf(".") + 1)}, 1, '[]'::jsonb, 'Aline Uwase', ${values.email}, ${values.phone ?? "250788123456"},
      'KG 7 Ave', 'Kigali', 'RW', 'RWF', '20000',
      ${JSON.stringify({ currency: "RWF", years: 1, firstYear: 20000, renewal: 18000, total: 20000 })}::jsonb,
      ${values.expiresAt?.toISOString() ?? null}, now())`);
  return { id, accessToken, reference: ref };
}

export async function seedPayment(
  db: Database,
  values: { email: string; status?: string; phone?: string; description?: string },
): Promise<string> {
  const id = randomUUID();
  await db.execute(sql`
    insert into payment_transactions (id, kind, flow, status, amount, currency, country, phone_number, provider,
      description, mode, email, language, completed_at)
    values (${id}, 'deposit', 'payment_page', ${values.status ?? "COMPLETED"}, '15000', 'RWF', 'RWA',
      ${values.phone ?? "250788123456"}, 'MTN_MOMO_RWA', ${values.description ?? "VPS Starter"}, 'test', ${values.email},
      'en', now())`);
  return id;
}

export async function seedPlan(db: Database, values: { email: string }): Promise<string> {
  const id = token().slice(0, 21);
  await db.execute(sql`
    insert into advisor_projects (id, answers, recommendations, contact_name, contact_email, consultation_requested_at)
    values (${id}, ${JSON.stringify({ projectType: "online-shop" })}::jsonb, '[]'::jsonb, 'Aline Uwase', ${values.email}, now())`);
  return id;
}

export async function seedEnquiry(db: Database, values: { email: string; message?: string }): Promise<string> {
  const id = randomUUID();
  await db.execute(sql`
    insert into contact_enquiries (id, first_name, last_name, email, service, message)
    values (${id}, 'Aline', 'Uwase', ${values.email}, 'cloud-infrastructure',
      ${values.message ?? "We need a managed VPS for our booking system."})`);
  return id;
}
