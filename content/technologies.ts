/**
 * Technologies the team works with most, sorted by popularity (descending).
 * `popularity` is an indicative percentage, displayed as a bar on the site.
 */
import type { Technology } from "./types.ts";

export const technologies: Technology[] = [
  { name: "React", category: "Frontend", popularity: 92 },
  { name: "Node.js", category: "Backend", popularity: 88 },
  { name: "Python", category: "Language", popularity: 85 },
  { name: "TypeScript", category: "Language", popularity: 83 },
  { name: "PostgreSQL", category: "Database", popularity: 78 },
  { name: "Docker", category: "DevOps", popularity: 76 },
  { name: "AWS", category: "Cloud", popularity: 74 },
  { name: "Flutter", category: "Mobile", popularity: 68 },
];
