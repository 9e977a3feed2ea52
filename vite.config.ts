import { reactRouter } from "@react-router/dev/vite";
import tailwindcss from "@tailwindcss/vite";
import { defineConfig } from "vite";
import { company } from "#content/company.ts";
import { syncExternalStoreShim } from "./vite.shared.ts";

// Canonical and Open Graph URLs are baked into the prerendered HTML from PUBLIC_URL.
const siteUrl = (process.env.PUBLIC_URL ?? company.website.url).replace(/\/+$/, "");

export default defineConfig({
  plugins: [tailwindcss(), reactRouter()],
  publicDir: "web/public",
  define: { __SITE_URL__: JSON.stringify(siteUrl) },
  resolve: { alias: [syncExternalStoreShim] },
  build: {
    rolldownOptions: {
      output: {
        // One module per icon would be dozens of requests of a few hundred bytes each; on a phone
        // the per-request overhead costs more than the bytes. The icons that four or more screens
        // share travel as one chunk, cached for every later page; an icon fewer screens use goes
        // with their code, so a content page does not carry the staff screens' and tools' icons
        // (one chunk of every icon was 14 KB gzip on the home page, this one 7.5 KB; decision 0033).
        codeSplitting: {
          groups: [{ name: "icons", test: /[\\/]node_modules[\\/]lucide-react[\\/]/, minShareCount: 4 }],
        },
      },
    },
  },
  // Keep the browser's Host: the API's Origin check compares it with the Origin header.
  server: { proxy: { "/api": { target: "http://127.0.0.1:3000", changeOrigin: false } } },
});
