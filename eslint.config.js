// One lint configuration for the whole package. Layout is Prettier's job (eslint-config-prettier turns
// ESLint's layout rules off); this file keeps the code's rules and the architecture of
// ../shared/design.md: which part may import which (see the zones below).
import { readdirSync } from "node:fs";
import path from "node:path";
import js from "@eslint/js";
import stylistic from "@stylistic/eslint-plugin";
import prettier from "eslint-config-prettier";
import importX, { createNodeResolver } from "eslint-plugin-import-x";
import jsxA11y from "eslint-plugin-jsx-a11y";
import reactHooks from "eslint-plugin-react-hooks";
import globals from "globals";
import tseslint from "typescript-eslint";

const root = import.meta.dirname;
const folders = (dir) =>
  readdirSync(path.join(root, dir), { withFileTypes: true })
    .filter((entry) => entry.isDirectory())
    .map((entry) => entry.name);

const serverModules = folders("server/modules");
const webFeatures = folders("web/src/features");

/** Import zones: `from` may not be imported by files in `target` (paths after resolution). */
const zones = [
  // The browser never loads server code.
  { target: "./web", from: "./server", message: "web/ never imports server code." },
  // Contracts are shared by both sides and depend on nothing of ours.
  // (Tests may check a contract against the content and fixtures it serves.)
  ...["./content", "./server", "./web", "./tests"].map((from) => ({
    target: "./contracts/**/!(*.test).ts",
    from,
    message: "contracts/ import nothing of ours (only zod).",
  })),
  ...["./server", "./web", "./tests"].map((from) => ({
    target: "./content/**/!(*.test).ts",
    from,
    message: "content/ is the company's words and numbers; it may use contracts/ only.",
  })),
  // Platform code (database, adapters, shared server helpers) knows no capability.
  ...["./server/db", "./server/adapters", "./server/lib"].map((target) => ({
    target: `${target}/**/!(*.test).ts`,
    from: "./server/modules",
    message: "server/db, server/adapters and server/lib know no module; pass what they need in.",
  })),
  // A module reaches another only through its public entry, index.ts. Table definitions may name
  // another module's table for a foreign key, and nothing else of it. Tests may look at any table
  // to check an effect.
  ...serverModules.flatMap((target) =>
    serverModules
      .filter((from) => from !== target)
      .flatMap((from) => [
        {
          target: `./server/modules/${target}/**/!(*-schema|*.test).{ts,tsx}`,
          from: `./server/modules/${from}`,
          except: ["./index.ts"],
          message: `Use server/modules/${from}/index.ts, the module's public entry.`,
        },
        {
          target: `./server/modules/${target}/*-schema.ts`,
          from: `./server/modules/${from}`,
          except: [`./${from}-schema.ts`],
          message: "A table definition may reference another module's table (a foreign key), nothing else.",
        },
      ]),
  ),
  // Web features meet only through shared components and libraries.
  ...webFeatures.flatMap((target) =>
    webFeatures
      .filter((from) => from !== target)
      .map((from) => ({
        target: `./web/src/features/${target}`,
        from: `./web/src/features/${from}`,
        message: "A feature never imports another feature; move what both need to web/src/components or web/src/lib.",
      })),
  ),
  ...["./web/src/components", "./web/src/lib", "./web/src/i18n"].flatMap((target) =>
    ["./web/src/features", "./web/src/app"].map((from) => ({
      target,
      from,
      message: "Shared web code does not depend on features or routes.",
    })),
  ),
];

/** Top-level folders reached through package.json "imports" rather than ../ paths. */
const aliased = { contracts: "#contracts", content: "#content", server: "#server", "web/src": "#web" };

/** A relative import that leaves its top-level folder must use the `#folder/*` alias instead. */
const crossFolderImport = {
  meta: {
    type: "problem",
    fixable: "code",
    schema: [],
    messages: { alias: "Import {{alias}}/{{rest}} instead of a ../ path." },
  },
  create(context) {
    const file = path.relative(root, context.filename);
    const top = (p) => Object.keys(aliased).find((folder) => p === folder || p.startsWith(`${folder}/`));
    const check = (node) => {
      const source = node.source?.value;
      if (typeof source !== "string" || !source.startsWith(".")) return;
      const target = path.relative(root, path.resolve(path.dirname(context.filename), source));
      const to = top(target);
      if (!to || to === top(file)) return;
      context.report({
        node: node.source,
        messageId: "alias",
        data: { alias: aliased[to], rest: path.relative(to, target) },
        fix: (fixer) => fixer.replaceText(node.source, JSON.stringify(`${aliased[to]}/${path.relative(to, target)}`)),
      });
    };
    return {
      ImportDeclaration: check,
      ExportNamedDeclaration: check,
      ExportAllDeclaration: check,
      ImportExpression: check,
    };
  },
};

export default tseslint.config(
  {
    ignores: [
      "node_modules/",
      "build/",
      "dist/",
      "data/",
      ".react-router/",
      ".tmp/",
      "test-results/",
      "playwright-report/",
      "bench/results/",
      "server/db/migrations/",
    ],
  },
  js.configs.recommended,
  tseslint.configs.recommended,
  jsxA11y.flatConfigs.recommended,
  reactHooks.configs.flat.recommended,
  {
    languageOptions: { globals: { ...globals.node, ...globals.browser } },
    linterOptions: { reportUnusedDisableDirectives: "error" },
    plugins: {
      "import-x": importX,
      "@stylistic": stylistic,
      local: { rules: { "cross-folder-import": crossFolderImport } },
    },
    settings: { "import-x/resolver-next": [createNodeResolver({ extensions: [".ts", ".tsx", ".js", ".mjs"] })] },
    rules: {
      "@typescript-eslint/consistent-type-imports": ["error", { fixStyle: "inline-type-imports" }],
      "@typescript-eslint/no-unused-vars": [
        "error",
        { argsIgnorePattern: "^_", varsIgnorePattern: "^_", caughtErrors: "none" },
      ],
      "import-x/no-restricted-paths": ["error", { zones }],
      // Our Label takes htmlFor from its callers; a label's text may sit a few spans deep.
      "jsx-a11y/label-has-associated-control": ["error", { labelComponents: [], depth: 4, assert: "either" }],
      "import-x/no-cycle": "off",
      "local/cross-folder-import": "error",
      "no-restricted-syntax": [
        "error",
        {
          selector: "MemberExpression[object.name='process'][property.name='env']",
          message: "Read configuration from server/config.ts (or the test's own setup), not process.env.",
        },
      ],
    },
  },
  prettier,
  {
    // Playwright fixtures call their `use` callback and destructure `{}`: not React hooks.
    files: ["tests/e2e/**"],
    rules: { "react-hooks/rules-of-hooks": "off", "no-empty-pattern": "off" },
  },
  {
    // Code is kept readable at 140 columns; data files (content, catalogs, fixtures) are exempt.
    files: ["**/*.{ts,tsx,js,mjs}"],
    // Data: recorded pages and registry answers, kept byte for byte as the real ones.
    ignores: [
      "content/**",
      "tests/fixtures/**",
      "tests/doubles/ssrf-corpus.ts",
      "tests/doubles/sample-sites.ts",
      "tests/doubles/whois-server.ts",
    ],
    rules: { "@stylistic/max-len": ["error", { code: 140, ignoreUrls: true, ignoreRegExpLiterals: true }] },
  },
  {
    // Configuration, tests, benchmarks and scripts read the environment themselves.
    files: [
      "server/config.ts",
      "**/*.test.{ts,tsx}",
      "tests/**",
      "bench/**",
      "scripts/**",
      "*.config.{ts,js}",
      "server/cli/**",
    ],
    rules: { "no-restricted-syntax": "off" },
  },
);
