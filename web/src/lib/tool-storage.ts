/**
 * What the tools keep in the visitor's browser, under these keys. A tool loads on its first use
 * (decision 0036), but at once where the browser holds what it would show from the start: the
 * advisor's answers so far, the currency the domain prices were last shown in.
 */
export const ADVISOR_DRAFT_KEY = "advisor-draft-v1";
export const DOMAIN_CURRENCY_KEY = "domains.currency";
