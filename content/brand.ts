/**
 * The company's name and its short form. Apart from company.ts, which builds on them, because the
 * header shows them on every page: the header's script needs these two words, not the whole profile.
 */
export const brand = {
  name: "Kigali Tech Solutions",
  shortName: "KTS",
} as const;
