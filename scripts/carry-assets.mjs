// node scripts/carry-assets.mjs FROM TO: the step of an upgrade before the switch to release TO
// (docs/deploy.md, section 10). Copies into TO's build/client/assets the hashed files that release
// FROM built itself (listed in FROM/build/assets-built.txt; all of FROM's assets if it has no list),
// keeping their dates and never over TO's own. Pages still open in browsers, held by an instance
// not yet restarted or kept by nginx's page cache ask for them. One generation only: what FROM
// carried from the release before it is not carried again, so releases do not pile up files.
import { cpSync, existsSync, readFileSync, readdirSync } from "node:fs";
import path from "node:path";

const [from, to] = process.argv.slice(2);
if (!from || !to) {
  console.error("usage: node scripts/carry-assets.mjs FROM-RELEASE TO-RELEASE");
  process.exit(2);
}
const assets = (release) => path.join(release, "build/client/assets");
for (const release of [from, to]) {
  if (!existsSync(assets(release))) {
    console.error(`${assets(release)} does not exist: is ${release} a built release?`);
    process.exit(2);
  }
}
const list = path.join(from, "build/assets-built.txt");
const names = existsSync(list)
  ? readFileSync(list, "utf8").split("\n").filter(Boolean)
  : readdirSync(assets(from), { recursive: true }).map(String);
let carried = 0;
for (const name of names) {
  const source = path.join(assets(from), name);
  const target = path.join(assets(to), name);
  if (existsSync(target) || !existsSync(source)) continue;
  cpSync(source, target, { preserveTimestamps: true, recursive: true });
  carried += 1;
}
console.log(`carried ${carried} of ${names.length} hashed files from ${from} to ${to}`);
