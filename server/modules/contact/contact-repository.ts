import { desc } from "drizzle-orm";
import type { Database } from "../../db/client.ts";
import { contactEnquiries } from "./contact-schema.ts";

export type NewEnquiry = typeof contactEnquiries.$inferInsert;
export type EnquiryRow = typeof contactEnquiries.$inferSelect;

export async function insertEnquiry(db: Database, enquiry: NewEnquiry): Promise<EnquiryRow> {
  const [row] = await db.insert(contactEnquiries).values(enquiry).returning();
  if (!row) throw new Error("insert returned no row");
  return row;
}

export async function listEnquiries(db: Database, limit = 50): Promise<EnquiryRow[]> {
  return db.select().from(contactEnquiries).orderBy(desc(contactEnquiries.createdAt)).limit(limit);
}
