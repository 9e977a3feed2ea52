import { defineConfig } from "drizzle-kit";

export default defineConfig({
  dialect: "postgresql",
  // Platform tables live in server/db/schema.ts; each capability's in its own module (and adapter).
  schema: ["./server/db/schema.ts", "./server/modules/*/*-schema.ts", "./server/adapters/*/*-schema.ts"],
  out: "./server/db/migrations",
});
