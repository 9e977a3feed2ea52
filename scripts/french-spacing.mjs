/**
 * Puts the no-break space French typography asks for before : ; ? ! » and after « in every
 * French catalog and content overlay (an ordinary space there lets a line break strand the
 * punctuation). Run after adding French strings: `npm run i18n:french-spacing`. The check that
 * keeps it so is web/src/i18n/language-quality.test.ts.
 */
import { readdirSync, readFileSync, writeFileSync } from "node:fs";
import path from "node:path";

const root = path.resolve(import.meta.dirname, "..");
const dirs = ["web/src/i18n/locales/fr", "server/locales/fr", "content/locales/fr"];
const fix = (value) => {
  if (typeof value === "string") return value.replace(/ ([:;?!»])/g, "\u00a0$1").replaceAll("« ", "«\u00a0");
  if (Array.isArray(value)) return value.map(fix);
  if (value && typeof value === "object") return Object.fromEntries(Object.entries(value).map(([k, v]) => [k, fix(v)]));
  return value;
};
for (const dir of dirs)
  for (const name of readdirSync(path.join(root, dir)).filter((f) => f.endsWith(".json"))) {
    const file = path.join(root, dir, name);
    const before = readFileSync(file, "utf8");
    const after = `${JSON.stringify(fix(JSON.parse(before)), null, 2)}\n`;
    if (after !== before && JSON.stringify(JSON.parse(after)) !== JSON.stringify(JSON.parse(before))) {
      writeFileSync(file, after);
      console.log(`fixed ${path.relative(root, file)}`);
    }
  }
