/**
 * The privacy policy, terms of service and cookie statement, in the company's words. Each other
 * language overlays these (content/locales/<lang>/legal.json). `updated` is the date the text last
 * changed: change it with the text. The cookie list is what the server and the site actually set
 * (server/modules/chat/chat-routes.ts, server/lib/admin-guard.ts, contracts/languages.ts) and what
 * the browser keeps (theme, chat session, chat open and sound, advisor draft, domain currency): add a line
 * with any new one.
 */
import { company } from "./company.ts";

export interface LegalSection {
  heading: string;
  paragraphs: string[];
  items?: string[];
}

export interface LegalDocument {
  title: string;
  lead: string;
  sections: LegalSection[];
}

/** Who answers questions and requests about personal data. */
export const dataProtection = {
  label: "Data protection contact",
  role: "Data Protection Officer",
  email: "privacy@kigalitech.rw",
  postal: `${company.name}, ${company.headquarters.address}`,
};

export const legalUpdated = { value: "2026-11-24", label: "Last updated" };

export const privacyPolicy: LegalDocument = {
  title: "Privacy policy",
  lead: `How ${company.name} collects, uses, shares and protects personal data, and how you can use your rights. We follow Rwanda's Law No 058/2021 of 13/10/2021 relating to the protection of personal data and privacy, Kenya's Data Protection Act, 2019, and Uganda's Data Protection and Privacy Act, 2019.`,
  sections: [
    {
      heading: "Who we are",
      paragraphs: [
        `${company.name}, ${company.headquarters.address}, decides why and how the personal data described here is used (the data controller). Our Data Protection Officer answers every question and request about it.`,
      ],
    },
    {
      heading: "What we collect and why",
      paragraphs: ["We collect only what a service needs, from you, when you use it:"],
      items: [
        "Enquiries (contact form, chat, tech stack advisor, website analysis): your name, email address, the service you ask about and your message, to answer you and prepare a quote.",
        "Chat: the messages you write and, if you give it, your email address, to answer you and to let a team member take over the conversation.",
        "Payments: your mobile-money phone number, country, amount and, if you give it, your email address, to take the payment, send the receipt and keep accounts.",
        "VPS and domain orders: your name, email address, phone number and, for domains, the registrant details the registry requires, to deliver and renew what you ordered.",
        "Technical data: your IP address and browser type with each request, to protect the site against abuse (rate limits, fraud checks) and to find faults.",
      ],
    },
    {
      heading: "Legal bases",
      paragraphs: [
        "We use your data to perform a contract you ask for (orders, payments), to take steps at your request before one (quotes), to meet legal obligations (tax and accounting records), and for our legitimate interest in keeping the site secure. Where we rely on your consent, you may withdraw it at any time.",
      ],
    },
    {
      heading: "Who receives it",
      paragraphs: [
        "We never sell personal data. We share it only with the processors that carry out a service for us:",
      ],
      items: [
        "pawaPay, which processes mobile-money payments with your mobile network operator (MTN, Airtel, Safaricom).",
        "Our email provider, which delivers the emails we send you (receipts, replies, order updates).",
        "An AI language-model provider, only if we have configured one for the chat assistant: it receives the chat messages needed to answer you, never payment data.",
        "Domain registries (RICTA for .rw, KeNIC for .ke, the .ug registry, and registrars for other endings) when you register a domain.",
        "WhatsApp (Meta), only if you choose to write to us there: your number and messages are then also handled under WhatsApp's own terms and privacy policy.",
        "Authorities, when the law requires it.",
      ],
    },
    {
      heading: "Transfers abroad",
      paragraphs: [
        "Some processors may store data outside Rwanda, Kenya or Uganda. We use them only with the safeguards the three laws require, such as contractual clauses and an adequate level of protection.",
      ],
    },
    {
      heading: "How long we keep it",
      items: [
        "Enquiries and chat transcripts: up to 2 years after the last contact, then deleted.",
        "Payment and order records: 10 years, as accounting and tax law requires; after a deletion request they are kept anonymised.",
        "Technical logs: up to 90 days.",
        "Staff sign-in sessions: until they end (at most 12 hours).",
      ],
      paragraphs: [],
    },
    {
      heading: "Your rights",
      paragraphs: [
        "You may ask to be informed about and to access the data we hold about you, to have it corrected or deleted, to object to or restrict its use, to receive it in a portable form, and not to be subject to a decision based solely on automated processing. Write to our Data Protection Officer; we answer within 30 days. You may also complain to the authority of your country: the National Cyber Security Authority (Rwanda), the Office of the Data Protection Commissioner (Kenya) or the Personal Data Protection Office (Uganda).",
        "The quickest way to use two of these rights: sign in to your account at /account with the email address you used, then download a copy of all your data as a file, or ask us to delete it. We acknowledge a deletion request by email, carry it out within 30 days and tell you when it is done: enquiries, chats, saved plans and the personal details of orders are removed or anonymised, while payment records are kept without your name, phone number or email address, as accounting law requires. For data held only under your phone number, write to the Data Protection Officer.",
      ],
    },
    {
      heading: "Security",
      paragraphs: [
        "Data travels encrypted (HTTPS), staff access is limited by role and recorded in an audit log, and server login details are encrypted at rest. If a breach puts your data at risk, we tell the authority and you as the law requires.",
      ],
    },
    {
      heading: "Changes",
      paragraphs: ["When this policy changes, the new version is published here with its date."],
    },
  ],
};

export const termsOfService: LegalDocument = {
  title: "Terms of service",
  lead: `The terms on which ${company.name} provides VPS hosting, domain registration, payments through this site and its other services. By ordering or paying you accept them.`,
  sections: [
    {
      heading: "Orders and prices",
      paragraphs: [
        "Prices are shown in Rwandan francs, Ugandan shillings or Kenyan shillings and include the taxes stated. An order is confirmed once its payment is completed; we then deliver it as described on its order page.",
      ],
    },
    {
      heading: "VPS hosting",
      items: [
        "A server is delivered with the plan, location and operating system you chose, for the billing period you paid.",
        "You are responsible for what runs on your server and must not use it for unlawful activity, spam, attacks on other systems or content that infringes others' rights.",
        "If a period ends without renewal, the server is suspended after a grace period and its disk is deleted after the retention period stated on the order page.",
        "We aim for continuous availability but do not guarantee it; planned maintenance is announced in advance.",
      ],
      paragraphs: [],
    },
    {
      heading: "Domains",
      items: [
        "A domain is registered in your name for the years you paid, under the rules of its registry (RICTA, KeNIC, the .ug registry or others).",
        "Registrant details must be accurate; a registry may suspend a domain registered with false details.",
        "Renew before the expiry date: after it, the registry's rules decide whether and at what cost the domain can be recovered.",
      ],
      paragraphs: [],
    },
    {
      heading: "Payments",
      paragraphs: [
        "Payments are made by mobile money through pawaPay. A payment counts once the provider confirms it; we never ask for your PIN. Receipts are sent to the email address given with the payment.",
      ],
    },
    {
      heading: "Refunds",
      items: [
        "A payment taken twice, or for an order we cannot deliver, is refunded in full to the same wallet.",
        "VPS hosting: you may cancel within 7 days of delivery for a refund of the unused part of the period.",
        "Domains: registration fees are passed to the registry and cannot be refunded once the domain is registered.",
        "Ask for a refund by writing to us with the receipt number; we answer within 5 working days.",
      ],
      paragraphs: [],
    },
    {
      heading: "Liability",
      paragraphs: [
        "We are liable for loss caused by our fault within the limits of the law, and in any case no more than the amount you paid for the service concerned in the last 12 months. Keep your own backups of your data.",
      ],
    },
    {
      heading: "Applicable law",
      paragraphs: [
        "These terms are governed by the laws of Rwanda. A consumer keeps the protection the law of their own country gives them.",
      ],
    },
  ],
};

export interface CookieEntry {
  /** The cookie or storage key, as set (an identifier: the same in every language). */
  id: string;
  kind: string;
  purpose: string;
  duration: string;
}

export const cookieStatement = {
  title: "Cookie statement",
  lead: "The cookies and browser storage this site uses, and why. We use no advertising or tracking cookies and load nothing from other sites, so there is nothing to accept or refuse: each item below is needed for what you ask the site to do.",
  columns: { name: "Name", kind: "Type", purpose: "Purpose", duration: "Kept for" },
  cookies: [
    {
      id: "lang",
      kind: "Cookie",
      purpose: "Remembers the language you chose, so the site opens in it next time.",
      duration: "1 year",
    },
    {
      id: "kts_chat",
      kind: "Cookie (HttpOnly)",
      purpose: "Ties your chat to this browser, so nobody else can read or continue it.",
      duration: "30 days",
    },
    {
      id: "kts_admin_session",
      kind: "Cookie (HttpOnly)",
      purpose: "Keeps a staff member signed in to the back office. Visitors never receive it.",
      duration: "Until sign-out, at most 12 hours",
    },
    {
      id: "kts_account",
      kind: "Cookie (HttpOnly)",
      purpose: "Keeps you signed in to your customer account after you follow the sign-in link.",
      duration: "7 days",
    },
    {
      id: "theme",
      kind: "Local storage",
      purpose: "Remembers whether you chose the light or dark look.",
      duration: "Until you clear it",
    },
    {
      id: "kts-chat-session",
      kind: "Session storage",
      purpose: "Keeps your open chat while the tab is open.",
      duration: "Until the tab closes",
    },
    {
      id: "chat-open",
      kind: "Session storage",
      purpose: "Opens the chat again on the next page if you left it open.",
      duration: "Until the tab closes",
    },
    {
      id: "muted",
      kind: "Local storage",
      purpose: "Remembers that you turned the chat's sound off.",
      duration: "Until you clear it",
    },
    {
      id: "advisor-draft-v1",
      kind: "Local storage",
      purpose: "Keeps your tech stack advisor answers so you can come back to them.",
      duration: "Until you clear it",
    },
    {
      id: "domains.currency",
      kind: "Local storage",
      purpose: "Remembers the currency you chose for domain prices.",
      duration: "Until you clear it",
    },
  ] satisfies CookieEntry[],
  sections: [
    {
      heading: "Turning them off",
      paragraphs: [
        "Your browser can block or delete cookies and storage. The site still works without them, but it will forget your language and theme, and the chat cannot continue a conversation.",
      ],
    },
  ] satisfies LegalSection[],
};

export const faqPage = {
  title: "Frequently asked questions",
  lead: "Short answers to what visitors ask us most. Can't find yours? Ask our assistant in the chat or write to us.",
};
