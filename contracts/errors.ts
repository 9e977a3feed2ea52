import { z } from "zod";

/** Every error the API answers with has this shape; `fields` names each bad field. */
export const ApiErrorBody = z.object({
  error: z.string(),
  message: z.string(),
  fields: z.record(z.string(), z.string()).optional(),
});
export type ApiErrorBody = z.infer<typeof ApiErrorBody>;
