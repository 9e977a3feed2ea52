// What a built page loads, as the web benches count it: a module and its static imports (dynamic
// imports load on demand and are not counted).
import { readFileSync } from "node:fs";
import path from "node:path";

/** The files `srcs` (`/assets/...js`) load under the client build `root`, themselves included. */
export function withStaticImports(root, srcs) {
  const seen = new Set();
  const visit = (src) => {
    if (seen.has(src)) return;
    seen.add(src);
    const code = readFileSync(path.join(root, src.replace(/^\//, "")), "utf8");
    for (const m of code.matchAll(/(?:from|import)\s*"\.\/([^"]+\.js)"/g)) visit(`/assets/${m[1]}`);
  };
  srcs.forEach(visit);
  return seen;
}
