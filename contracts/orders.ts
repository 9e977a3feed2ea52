import { z } from "zod";

/** Shapes every order kind (VPS, domain) shares in the API. */

/** One line of an order's history: a status move or a staff note. */
export const OrderEvent = z.object({
  id: z.string(),
  kind: z.enum(["status", "note"]),
  fromStatus: z.string().nullable(),
  toStatus: z.string().nullable(),
  body: z.string().nullable(),
  actor: z.string().nullable(),
  createdAt: z.string(),
});
export type OrderEvent = z.infer<typeof OrderEvent>;

/** A page of an admin order list, with how many orders each status holds. */
export function orderPage<T extends z.ZodTypeAny>(item: T) {
  return z.object({
    items: z.array(item),
    total: z.number(),
    page: z.number(),
    pageSize: z.number(),
    counts: z.record(z.string(), z.number()),
  });
}
