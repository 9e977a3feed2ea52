/// <reference types="vite/client" />

/** The site's public origin, baked in at build time for canonical and Open Graph URLs. */
declare const __SITE_URL__: string;
