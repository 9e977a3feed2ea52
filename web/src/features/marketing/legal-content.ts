import {
  cookieStatement as englishCookies,
  dataProtection as englishContact,
  faqPage as englishFaqPage,
  legalUpdated as englishUpdated,
  privacyPolicy as englishPrivacy,
  termsOfService as englishTerms,
} from "#content/legal.ts";
import { localized, useContent } from "../../i18n/content.ts";

const english = {
  privacyPolicy: englishPrivacy,
  termsOfService: englishTerms,
  cookieStatement: englishCookies,
  dataProtection: englishContact,
  legalUpdated: englishUpdated,
  faqPage: englishFaqPage,
};

/** The legal content in the page's language (for meta tags, outside React). */
export const legalContent = () => localized("legal", english);

/** The legal content in the page's language, once its overlay has loaded. */
export const useLegalContent = () => useContent("legal", english);
