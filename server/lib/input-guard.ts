import type { FastifyInstance } from "fastify";
import type { z } from "zod";
import { isMultiline, textProblem, type TextProblem } from "#contracts/text.ts";
import { fieldError } from "./errors.ts";
import { serverT } from "./i18n.ts";

/** A place in a request whose strings may be taken as they are (multi-line) or not. */
interface Candidate {
  schema: z.ZodType;
  multiline: boolean;
}

interface ZodDef {
  type: string;
  innerType?: z.ZodType;
  in?: z.ZodType;
  getter?: () => z.ZodType;
  options?: z.ZodType[];
  left?: z.ZodType;
  right?: z.ZodType;
  shape?: Record<string, z.ZodType>;
  catchall?: z.ZodType;
  element?: z.ZodType;
  items?: z.ZodType[];
  rest?: z.ZodType | null;
  valueType?: z.ZodType;
}

const defOf = (schema: z.ZodType) => (schema as unknown as { _zod: { def: ZodDef } })._zod.def;

/** The structural schemas a value may meet (wrappers, pipes, unions and lazies opened), and whether each is multi-line. */
function expand(schema: z.ZodType | undefined, multiline = false, depth = 0): Candidate[] {
  if (!schema || typeof schema !== "object" || !("_zod" in schema) || depth > 32) return [];
  const marked = multiline || isMultiline(schema);
  const def = defOf(schema);
  switch (def.type) {
    case "optional":
    case "nullable":
    case "default":
    case "prefault":
    case "nonoptional":
    case "readonly":
    case "catch":
      return expand(def.innerType, marked, depth + 1);
    case "pipe":
      return expand(def.in, marked, depth + 1);
    case "lazy":
      return expand(def.getter?.(), marked, depth + 1);
    case "union":
      return (def.options ?? []).flatMap((option) => expand(option, marked, depth + 1));
    case "intersection":
      return [...expand(def.left, marked, depth + 1), ...expand(def.right, marked, depth + 1)];
    default:
      return [{ schema, multiline: marked }];
  }
}

function childCandidates(candidates: Candidate[], key: string | number): Candidate[] {
  return candidates.flatMap(({ schema }) => {
    const def = defOf(schema);
    // Own keys only: a body key such as "constructor" must not reach Object.prototype's (issue 16's fuzzing found it).
    if (def.type === "object")
      return expand(def.shape && Object.hasOwn(def.shape, key) ? def.shape[key] : def.catchall);
    if (def.type === "record") return expand(def.valueType);
    if (def.type === "array") return expand(def.element);
    if (def.type === "tuple") return expand(def.items?.[Number(key)] ?? def.rest ?? undefined);
    return [];
  });
}

/**
 * The first string of `value` its schema may not take, with the dotted path to it (the field name
 * the 400 names). Without a schema, line breaks pass and only control characters are refused.
 * Iterative, so a deeply nested body cannot exhaust the stack.
 */
export function findTextProblem(
  value: unknown,
  schema: z.ZodType | undefined,
): { path: string[]; problem: TextProblem } | null {
  const stack: { value: unknown; path: string[]; candidates: Candidate[] | null }[] = [
    { value, path: [], candidates: schema ? expand(schema) : null },
  ];
  while (stack.length > 0) {
    const { value: current, path, candidates } = stack.pop()!;
    if (typeof current === "string") {
      const allowLineBreaks = candidates === null || candidates.some((c) => c.multiline);
      const problem = textProblem(current, allowLineBreaks);
      if (problem) return { path, problem };
    } else if (current && typeof current === "object") {
      const entries: [string | number, unknown][] = Array.isArray(current)
        ? current.map((item: unknown, index) => [index, item] as [number, unknown])
        : Object.entries(current);
      for (let i = entries.length - 1; i >= 0; i--) {
        const [key, item] = entries[i]!;
        const keyProblem = typeof key === "string" ? textProblem(key, false) : null;
        if (keyProblem) return { path: [...path, String(key)], problem: keyProblem };
        stack.push({
          value: item,
          path: [...path, String(key)],
          candidates: candidates === null ? null : childCandidates(candidates, key),
        });
      }
    }
  }
  return null;
}

const PARTS = [
  ["params", "params"],
  ["query", "querystring"],
  ["body", "body"],
] as const;

/**
 * Refuses, before any contract's own validation or handler sees it, a request whose strings
 * carry control characters anywhere, or line breaks in a field its contract does not mark
 * multi-line: a 400 naming the field (issue 16, findings 5 and 13).
 */
export function installInputGuard(app: FastifyInstance) {
  app.addHook("preValidation", async (request) => {
    const schemas = (request.routeOptions.schema ?? {}) as Partial<Record<string, z.ZodType>>;
    for (const [part, schemaKey] of PARTS) {
      const schema = schemas[schemaKey];
      const found = findTextProblem(request[part], schema && "_zod" in schema ? schema : undefined);
      if (!found) continue;
      const field = found.path.join(".") || part;
      throw fieldError(field, serverT(found.problem === "control" ? "textControl" : "textLineBreak"));
    }
  });
}
