/**
 * Public entry point for the content layer.
 */
export type * from "./types.ts";
export { company } from "./company.ts";
export { contactServiceOptions } from "./contact-options.ts";
export { figures, stats } from "./stats.ts";
export { serviceCategories, freeTools } from "./services.ts";
export { featuredServices, quickLinks } from "./featured.ts";
export { testimonials, testimonialsAreSample } from "./testimonials.ts";
export { technologies } from "./technologies.ts";
export { about } from "./about.ts";
export { founder } from "./founder.ts";
export { founderHandle } from "./founder-handle.ts";
export { DAYS_PER_MONTH, DAYS_PER_YEAR, elapsedSince, formatElapsed } from "./durations.ts";
