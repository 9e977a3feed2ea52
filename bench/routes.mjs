// The prerendered public routes, read from the build output so the bench needs no TypeScript.
import { readdirSync } from "node:fs";
import path from "node:path";

export function publicPathsForBench(root = "build/client") {
  return readdirSync(root, { recursive: true })
    .map(String)
    .filter((file) => file.endsWith("index.html") && !file.startsWith("__"))
    .map((file) => (path.dirname(file) === "." ? "/" : `/${path.dirname(file)}`))
    .sort((a, b) => (a === "/" ? -1 : b === "/" ? 1 : a.localeCompare(b)));
}
