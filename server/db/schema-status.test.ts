import { sql } from "drizzle-orm";
import { afterEach, describe, expect, it } from "vitest";
import { openPglite, schemaProblem, type DatabaseHandle } from "./client.ts";
import { databaseBackends } from "../../tests/support/databases.ts";

describe("schema status", () => {
  const cleanups: (() => Promise<void>)[] = [];
  afterEach(async () => {
    for (const cleanup of cleanups.splice(0)) await cleanup();
  });

  it("is behind on an empty database, and a build that does not migrate on start refuses it", async () => {
    const database = await openPglite(null);
    cleanups.push(() => database.close());
    const status = await database.schemaStatus();
    expect(status).toMatchObject({ state: "behind", appliedWhen: 0, appliedCount: 0 });
    expect(schemaProblem(status, true)).toBeNull();
    expect(schemaProblem(status, false)).toMatch(/npm run db:migrate/);
  });

  for (const backend of databaseBackends()) {
    describe(backend.name, () => {
      const open = async (): Promise<DatabaseHandle> => {
        const { database, cleanup } = await backend.open();
        cleanups.push(cleanup);
        return database;
      };

      it("is current once migrated, and migrating again applies nothing", async () => {
        const database = await open();
        const status = await database.schemaStatus();
        expect(status.state).toBe("current");
        expect(status.appliedWhen).toBe(status.known.when);
        await database.migrate();
        expect((await database.schemaStatus()).appliedCount).toBe(status.appliedCount);
        expect(schemaProblem(status, false)).toBeNull();
      });

      it("is ahead after a newer release migrated it, and no build may start on it", async () => {
        const database = await open();
        const { known } = await database.schemaStatus();
        await database.db.execute(
          sql`insert into drizzle.__drizzle_migrations (hash, created_at) values ('from-a-newer-release', ${known.when + 1000})`,
        );
        const status = await database.schemaStatus();
        expect(status.state).toBe("ahead");
        expect(schemaProblem(status, true)).toMatch(/newer than this release/);
        expect(schemaProblem(status, false)).toMatch(/newer than this release/);
      });
    });
  }
});
