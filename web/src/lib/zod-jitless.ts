// Zod probes for `new Function` when it builds an object schema, to compile faster parsers. The
// page's CSP forbids eval, so each probe was a CSP violation on every page with a form (Lighthouse's
// "inspector issues"). Imported first by the root route, before any module that builds a schema.
//
// Zod keeps its settings on `globalThis.__zod_globalConfig` and adopts an object already there, so
// the setting is written without importing Zod: `config()` from zod/v4/core put ~4 KB gzip of Zod
// on every page, most of which have no form (zod-jitless.test.ts checks Zod still reads it).
const zodGlobal = globalThis as { __zod_globalConfig?: { jitless?: boolean } };
(zodGlobal.__zod_globalConfig ??= {}).jitless = true;
