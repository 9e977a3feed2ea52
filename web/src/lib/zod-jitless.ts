import { config } from "zod/v4/core";

// Zod probes for `new Function` when it builds an object schema, to compile faster parsers. The
// page's CSP forbids eval, so each probe was a CSP violation on every page with a form (Lighthouse's
// "inspector issues"). Imported first by the root route, before any module that builds a schema.
config({ jitless: true });
