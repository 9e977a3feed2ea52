/**
 * Questions visitors ask, answered in the company's words. The chat assistant retrieves from these
 * (and from the services, tools, contact details and founder profile); each answer links to the
 * page it comes from. `topic` groups answers for the assistant's tests and the agent's summary.
 */
import { company } from "./company.ts";
import { founder } from "./founder.ts";
import { founderHandle } from "./founder-handle.ts";

export type FaqTopic =
  | "pricing"
  | "timeline"
  | "web"
  | "mobile"
  | "cloud"
  | "ai"
  | "security"
  | "digital"
  | "domains"
  | "hosting"
  | "email"
  | "seo"
  | "maintenance"
  | "speed-tool"
  | "advisor-tool"
  | "payment"
  | "contact"
  | "hours"
  | "location"
  | "support"
  | "founder"
  | "about"
  | "countries"
  | "careers"
  | "process"
  | "ecommerce";

export interface FaqEntry {
  id: string;
  topic: FaqTopic;
  question: string;
  answer: string;
  /** Extra words visitors use for this topic (the question and answer are indexed too). */
  keywords: string;
  link: { label: string; href: string };
}

const contactLink = { label: "Contact us", href: "/contact" };
const servicesLink = { label: "Our services", href: "/services" };

export const faq: readonly FaqEntry[] = [
  {
    id: "cost",
    topic: "pricing",
    question: "How much does a website or app cost?",
    answer: `Every project is priced from its scope: after a free consultation we send a fixed, itemised quote, usually within two working days. Corporate websites are our smallest projects; web applications, mobile apps and integrations with mobile money are quoted by feature. Tell us what you need on the contact page and we will come back within ${company.support.responseTime}.`,
    keywords:
      "price prices pricing cost costs quote quotation budget small budget limited budget how much fee fees charge rates expensive cheap affordable amount money",
    link: { label: "Request a quote", href: "/contact" },
  },
  {
    id: "timeline",
    topic: "timeline",
    question: "How long does a project take?",
    answer:
      "Corporate websites take 2-8 weeks, custom web applications 4-12 weeks and mobile apps 6-16 weeks. Hosting, domains and VPS servers are provisioned instantly. Each service shows its timeframe on the services page.",
    keywords: "how long time duration weeks deadline fast quickly delivery when ready timeframe",
    link: servicesLink,
  },
  {
    id: "website",
    topic: "web",
    question: "Can you build a website for my business?",
    answer:
      "Yes. We design and build mobile-first corporate websites that your staff can update without a developer, and custom web applications such as portals, booking systems and dashboards. Sites are optimised for 3G and 4G connections.",
    keywords:
      "website web site webpage landing page redesign build design wordpress portal web application dashboard booking system",
    link: { label: "Web Development & Design", href: "/services#web-development" },
  },
  {
    id: "ecommerce",
    topic: "ecommerce",
    question: "Do you build online shops?",
    answer:
      "Yes. We build online shops and ordering systems with MTN MoMo, Airtel Money and card payments, stock management and delivery tracking, sized for customers who buy on their phones.",
    keywords: "online shop store e-commerce ecommerce sell online cart checkout products orders marketplace",
    link: { label: "Web Development & Design", href: "/services#web-development" },
  },
  {
    id: "mobile",
    topic: "mobile",
    question: "Do you make mobile apps?",
    answer:
      "Yes. We build Android and iOS apps from one Flutter codebase, offline-first with background sync, push notifications, and publishing to Google Play and the App Store.",
    keywords: "mobile app apps android ios iphone flutter play store app store smartphone application",
    link: { label: "Mobile App Development", href: "/services#web-development" },
  },
  {
    id: "cloud",
    topic: "cloud",
    question: "Can you move our systems to the cloud?",
    answer:
      "Yes. Our Cloud & Infrastructure team plans and runs migrations to AWS, Azure or local data centres, sets up backups and monitoring, and manages the servers afterwards.",
    keywords:
      "cloud migration migrate aws azure google cloud infrastructure devops servers backup backups monitoring data centre kubernetes docker",
    link: { label: "Cloud & Infrastructure", href: "/services#cloud-infrastructure" },
  },
  {
    id: "hosting",
    topic: "hosting",
    question: "Do you offer web hosting and VPS servers?",
    answer:
      "Yes. We host websites and applications and rent VPS servers that are provisioned instantly, with backups and monitoring. You can choose a VPS plan on the VPS hosting page.",
    keywords: "hosting host web hosting vps virtual private server server dedicated shared hosting uptime",
    link: { label: "VPS Hosting", href: "/vps-hosting" },
  },
  {
    id: "domains",
    topic: "domains",
    question: "Can I register a domain name with you?",
    answer:
      "Yes. Search and register .rw, .co.ug, .co.ke, .com and other extensions on the domains page; DNS management and renewal reminders are included, and we can transfer an existing domain to us.",
    keywords:
      "domain domains domain name register registration .rw .com .co.ke .co.ug dns transfer renew renewal name for my website",
    link: { label: "Domain search", href: "/domains" },
  },
  {
    id: "email",
    topic: "email",
    question: "Can you set up business email?",
    answer:
      "Yes. We set up professional email on your own domain (you@yourcompany.rw) with Google Workspace or Microsoft 365, including DNS records so your mail does not land in spam.",
    keywords:
      "email e-mail business email professional email mail mailbox google workspace microsoft 365 outlook gmail",
    link: { label: "Domain & Digital Assets", href: "/services#domains-digital-assets" },
  },
  {
    id: "ai",
    topic: "ai",
    question: "What AI services do you offer?",
    answer:
      "Our AI & Machine Learning team builds chatbots and assistants, document and data automation, and prediction models trained on your data, and advises on where AI is worth it for your business.",
    keywords:
      "ai artificial intelligence machine learning ml chatbot chat bot gpt llm automation prediction model data science",
    link: { label: "AI & Machine Learning", href: "/services#ai-machine-learning" },
  },
  {
    id: "security",
    topic: "security",
    question: "Can you check our systems for security problems?",
    answer:
      "Yes. We run security audits and penetration tests, help with data protection compliance in Rwanda, Uganda and Kenya, and offer managed security monitoring with an on-call engineer.",
    keywords:
      "security cybersecurity cyber audit penetration test pentest hack hacked vulnerability compliance data protection gdpr firewall breach",
    link: { label: "Cybersecurity & Compliance", href: "/services#cybersecurity" },
  },
  {
    id: "digital",
    topic: "digital",
    question: "Can you help digitise our paper processes?",
    answer:
      "Yes. Our Digital Transformation team maps how your organisation works today, replaces paper and spreadsheets with software your staff will actually use, and trains them.",
    keywords:
      "digital transformation digitise digitize paper process processes erp crm spreadsheet excel workflow training consulting strategy",
    link: { label: "Digital Transformation", href: "/services#digital-transformation" },
  },
  {
    id: "seo",
    topic: "seo",
    question: "Can you help my website appear on Google?",
    answer:
      "Yes. Our websites come with on-page SEO and analytics set up, and we can review an existing site. Start with the free website speed analysis, which also checks SEO basics.",
    keywords: "seo google search engine ranking rank visibility traffic analytics marketing appear on google",
    link: { label: "Website Speed Analysis", href: "/speed-analysis" },
  },
  {
    id: "maintenance",
    topic: "maintenance",
    question: "Do you maintain websites after launch?",
    answer:
      "Yes. We offer ongoing maintenance and support plans: updates, backups, monitoring, security patches and small changes, so your site keeps working after launch.",
    keywords: "maintenance maintain support after launch update updates fix bug bugs existing website take over",
    link: servicesLink,
  },
  {
    id: "speed-tool",
    topic: "speed-tool",
    question: "How can I test my website's speed?",
    answer:
      "Use our free Website Speed Analysis: enter your site's address and see how quickly it loads on mobile and desktop, with plain-language recommendations.",
    keywords: "speed test slow website fast loading performance page speed analyse analyze check my site lighthouse",
    link: { label: "Website Speed Analysis", href: "/speed-analysis" },
  },
  {
    id: "advisor-tool",
    topic: "advisor-tool",
    question: "Which technology should I use for my project?",
    answer:
      "Try our free Tech Stack Advisor: answer a few questions about your goals, budget and team and get a recommended set of technologies with the reasoning behind each choice.",
    keywords:
      "technology stack tech stack which technology framework language choose recommend recommendation advisor react laravel python",
    link: { label: "Tech Stack Advisor", href: "/tech-stack-advisor" },
  },
  {
    id: "payment",
    topic: "payment",
    question: "How can I pay?",
    answer:
      "You can pay by mobile money (MTN MoMo, Airtel Money, M-Pesa) in Rwanda, Uganda and Kenya on our payment page, or by bank transfer against an invoice.",
    keywords: "pay payment payments mobile money momo mtn airtel mpesa m-pesa invoice bank transfer card visa",
    link: { label: "Pay by mobile money", href: "/payment" },
  },
  {
    id: "contact",
    topic: "contact",
    question: "How can I contact you?",
    answer: `Call ${company.phone.display}, email ${company.email}, or send a message on the contact page; we reply within ${company.support.responseTime}.`,
    keywords: "contact phone call number email address reach talk write whatsapp telephone get in touch",
    link: contactLink,
  },
  {
    id: "hours",
    topic: "hours",
    question: "What are your opening hours?",
    answer: `Our office hours are ${company.businessHours.map((row) => `${row.days} ${row.hours}`).join(", ")}. Support for hosting and managed security clients is available ${company.support.available}.`,
    keywords: "hours opening hours open close closed office hours working hours weekend saturday sunday time available",
    link: contactLink,
  },
  {
    id: "location",
    topic: "location",
    question: "Where is your office?",
    answer: `Our office is at ${company.headquarters.address}. Visits are by appointment: contact us first so the right person is there.`,
    keywords: "where office location address located visit kigali heights map find you headquarters",
    link: contactLink,
  },
  {
    id: "support",
    topic: "support",
    question: "Do you offer 24/7 support?",
    answer: `Yes: ${company.support.note} Everyone else gets an email answer within ${company.support.responseTime}.`,
    keywords: "24/7 support emergency outage down urgent help desk on-call night",
    link: contactLink,
  },
  {
    id: "founder",
    topic: "founder",
    question: "Who founded the company?",
    answer: `${founder.name} founded ${company.name} in ${company.foundedYear} and leads it as ${founder.title}.`,
    keywords:
      "founder who founded who started who created founded by founded the company ceo owner who runs boss director leadership jean-paul habimana chief executive",
    link: { label: `${founder.name}'s profile`, href: `/${founderHandle}` },
  },
  {
    id: "about",
    topic: "about",
    question: "Who are you?",
    answer: `${company.name} is a technology services company founded in Kigali in ${company.foundedYear}: we build software, run cloud hosting, apply AI and secure systems for businesses, NGOs and public institutions.`,
    keywords: "about company who are you what do you do experience history team mission",
    link: { label: "About us", href: "/about" },
  },
  {
    id: "countries",
    topic: "countries",
    question: "Which countries do you work in?",
    answer: `We work with clients in ${company.countriesServed.join(", ")}, on site or remotely, and deliver projects for clients further afield remotely.`,
    keywords: "countries country rwanda uganda kenya tanzania burundi east africa international abroad outside remote",
    link: { label: "About us", href: "/about" },
  },
  {
    id: "careers",
    topic: "careers",
    question: "Are you hiring?",
    answer: `We welcome applications and internship requests from engineers and designers in the region: send your CV and a short note to ${company.email}.`,
    keywords: "job jobs hiring career careers vacancy vacancies internship intern apply cv employment work for you",
    link: contactLink,
  },
  {
    id: "process",
    topic: "process",
    question: "How do we start a project?",
    answer:
      "Send us a message describing your goals; we arrange a free consultation, send a fixed quote and plan, then build in short stages that you review as we go.",
    keywords: "start project get started begin process steps consultation how do we work together hire you",
    link: { label: "Start with a free consultation", href: "/contact" },
  },
];
