import { mkdtemp, readFile, rm, stat, writeFile } from "node:fs/promises";
import { tmpdir } from "node:os";
import path from "node:path";
import type { FastifyInstance } from "fastify";
import { afterAll, beforeAll, describe, expect, it, vi } from "vitest";
import type { DatabaseHandle } from "../../db/client.ts";
import { asStaff, createStaffUser, signIn } from "../../../tests/support/admin.ts";
import { databaseBackends } from "../../../tests/support/databases.ts";
import { testApp } from "../../../tests/support/test-app.ts";
import { FIRST_ADMIN_PASSWORD_FILE, ensureFirstAdmin } from "./bootstrap.ts";
import { verifyPassword } from "./passwords.ts";
import { SESSION_COOKIE } from "./sessions.ts";
import { countStaff, findStaffByUsername } from "./staff-repository.ts";

describe.each(databaseBackends())("staff management on $name", (backend) => {
  let database: DatabaseHandle;
  let cleanup: () => Promise<void>;
  let app: FastifyInstance;
  let admin: Awaited<ReturnType<typeof createStaffUser>>;
  let adminCookie: string;
  const call = (method: "GET" | "POST" | "PATCH", url: string, payload?: object, cookie = adminCookie) =>
    app.inject({ method, url, headers: asStaff(cookie), payload });
  const verify = (cookie: string) =>
    app.inject({ url: "/api/admin/verify", headers: { cookie: `${SESSION_COOKIE}=${cookie}` } });

  beforeAll(async () => {
    ({ database, cleanup } = await backend.open());
    app = await testApp(database);
    admin = await createStaffUser(database.db, "boss", "admin");
    adminCookie = await signIn(app, "boss", admin.password, "10.2.0.1");
  });
  afterAll(async () => {
    await app.close();
    await cleanup();
  });

  it("creates staff who can then sign in, and refuses a taken username", async () => {
    const created = await call("POST", "/api/admin/users", {
      username: "Nadia.U",
      displayName: "Nadia Uwera",
      role: "agent",
      password: "nadia-first-password",
    });
    expect(created.statusCode).toBe(201);
    expect(created.json()).toMatchObject({
      username: "nadia.u",
      displayName: "Nadia Uwera",
      role: "agent",
      disabled: false,
      lastLoginAt: null,
    });
    expect(await signIn(app, "nadia.u", "nadia-first-password", "10.2.0.2")).toBeTruthy();
    const again = await call("POST", "/api/admin/users", {
      username: "nadia.u",
      displayName: "Other",
      role: "admin",
      password: "another-password-1",
    });
    expect(again.statusCode).toBe(409);
    expect(again.json()).toMatchObject({ fields: { username: "The username nadia.u is already taken." } });
  });

  it("names the field for bad input", async () => {
    const response = await call("POST", "/api/admin/users", {
      username: "x",
      displayName: "N",
      role: "owner",
      password: "short",
    });
    expect(response.statusCode).toBe(400);
    expect(Object.keys(response.json<{ fields: object }>().fields).sort()).toEqual([
      "displayName",
      "password",
      "role",
      "username",
    ]);
  });

  it("changes a role and disables an account, ending its sessions at once", async () => {
    const omar = await createStaffUser(database.db, "omar", "agent");
    const cookie = await signIn(app, "omar", omar.password, "10.2.0.3");
    const promoted = await call("PATCH", `/api/admin/users/${omar.id}`, { role: "admin" });
    expect(promoted.json()).toMatchObject({ role: "admin" });
    expect((await verify(cookie)).statusCode).toBe(401);
    const cookie2 = await signIn(app, "omar", omar.password, "10.2.0.4");
    const disabled = await call("PATCH", `/api/admin/users/${omar.id}`, { disabled: true });
    expect(disabled.json()).toMatchObject({ disabled: true });
    expect((await verify(cookie2)).statusCode).toBe(401);
    const login = await app.inject({
      method: "POST",
      url: "/api/admin/login",
      headers: asStaff(""),
      payload: { username: "omar", password: omar.password },
      remoteAddress: "10.2.0.5",
    });
    expect(login.statusCode).toBe(401);
  });

  it("will not let an admin change their own role or disable themselves", async () => {
    const self = await call("PATCH", `/api/admin/users/${admin.id}`, { disabled: true });
    expect(self.statusCode).toBe(400);
    expect(self.json()).toMatchObject({ error: "own_access" });
  });

  it("resets a password, ending the account's sessions", async () => {
    const pia = await createStaffUser(database.db, "pia", "agent");
    const cookie = await signIn(app, "pia", pia.password, "10.2.0.6");
    const reset = await call("POST", `/api/admin/users/${pia.id}/reset-password`, {
      newPassword: "pia-new-password-9",
    });
    expect(reset.statusCode).toBe(204);
    expect((await verify(cookie)).statusCode).toBe(401);
    expect(await signIn(app, "pia", "pia-new-password-9", "10.2.0.7")).toBeTruthy();
  });

  it("lists staff and shows admins the audit log of what was done", async () => {
    const list = await call("GET", "/api/admin/users");
    expect(list.json<{ items: { username: string }[] }>().items.map((s) => s.username)).toEqual(
      expect.arrayContaining(["boss", "nadia.u", "omar", "pia"]),
    );
    const audit = await call("GET", "/api/admin/audit?pageSize=100");
    const actions = audit.json<{ items: { action: string; actor: string }[] }>().items;
    expect(actions).toEqual(
      expect.arrayContaining([
        expect.objectContaining({ action: "staff.created", actor: "boss" }),
        expect.objectContaining({ action: "staff.updated", actor: "boss" }),
        expect.objectContaining({ action: "staff.password_reset", actor: "boss" }),
        expect.objectContaining({ action: "auth.login", actor: "boss" }),
      ]),
    );
  });
});

describe.each(databaseBackends())("the first admin on $name", (backend) => {
  it("is created with a random password kept in a file only its owner reads, never in the log", async () => {
    const { database, cleanup } = await backend.open();
    const dataDir = await mkdtemp(path.join(tmpdir(), "kts-first-admin-"));
    try {
      const log = { info: vi.fn(), warn: vi.fn(), error: vi.fn() } as unknown as Parameters<typeof ensureFirstAdmin>[2];
      await ensureFirstAdmin(database.db, undefined, log, dataDir);
      expect(await countStaff(database.db)).toBe(1);
      const file = path.join(dataDir, FIRST_ADMIN_PASSWORD_FILE);
      const password = (await readFile(file, "utf8")).trim();
      expect(password).toMatch(/^[A-Za-z0-9_-]{24}$/);
      expect((await stat(file)).mode & 0o777).toBe(0o600);
      const logged = JSON.stringify([
        (log.warn as ReturnType<typeof vi.fn>).mock.calls,
        (log.info as ReturnType<typeof vi.fn>).mock.calls,
      ]);
      expect(logged).toContain(file);
      expect(logged).not.toContain(password);
      const admin = await findStaffByUsername(database.db, "admin");
      expect(admin?.role).toBe("admin");
      expect(await verifyPassword(admin!.passwordHash, password)).toBe(true);
      // Once someone exists, nothing more is created.
      await ensureFirstAdmin(database.db, { username: "other", password: "other-password-1" }, log, dataDir);
      expect(await countStaff(database.db)).toBe(1);
    } finally {
      await cleanup();
      await rm(dataDir, { recursive: true, force: true });
    }
  });

  it("creates no account when the password file cannot be written, and says how to make one", async () => {
    const { database, cleanup } = await backend.open();
    const parent = await mkdtemp(path.join(tmpdir(), "kts-first-admin-"));
    try {
      // A data directory that is a file: nothing can be written inside it.
      const dataDir = path.join(parent, "not-a-directory");
      await writeFile(dataDir, "");
      const log = { info: vi.fn(), warn: vi.fn(), error: vi.fn() } as unknown as Parameters<typeof ensureFirstAdmin>[2];
      await ensureFirstAdmin(database.db, undefined, log, dataDir);
      expect(await countStaff(database.db)).toBe(0);
      expect(String((log.error as ReturnType<typeof vi.fn>).mock.calls[0]?.[1])).toContain("ADMIN_USERNAME");
    } finally {
      await cleanup();
      await rm(parent, { recursive: true, force: true });
    }
  });

  it("uses ADMIN_USERNAME and ADMIN_PASSWORD when given", async () => {
    const { database, cleanup } = await backend.open();
    try {
      const log = { info: vi.fn(), warn: vi.fn() } as unknown as Parameters<typeof ensureFirstAdmin>[2];
      await ensureFirstAdmin(database.db, { username: "owner", password: "owner-password-12" }, log, "/nonexistent");
      expect((await findStaffByUsername(database.db, "owner"))?.role).toBe("admin");
      expect(log.warn).not.toHaveBeenCalled();
    } finally {
      await cleanup();
    }
  });
});
