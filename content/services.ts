/**
 * Service catalogue and free tools.
 *
 * Six categories, four services each, exactly one `popular` service per
 * category. Category ids double as anchor slugs and contact-form values.
 */
import type { FreeTool, ServiceCategory } from "./types.ts";

export const serviceCategories: ServiceCategory[] = [
  {
    id: "web-development",
    title: "Web Development & Design",
    description:
      "Websites, web applications and mobile apps designed around your users and built to load quickly on the networks they actually use.",
    icon: "code",
    services: [
      {
        name: "Custom Web Applications",
        description:
          "Customer portals, booking systems, dashboards and internal tools built to fit the way your organisation works.",
        features: [
          "Requirements workshops and clickable prototypes",
          "React and TypeScript front ends with secure APIs",
          "Role-based access and audit logs",
          "MTN MoMo, Airtel Money and card payment integration",
        ],
        timeframe: "4-12 weeks",
        popular: true,
      },
      {
        name: "Corporate Websites",
        description:
          "Professional, mobile-first websites that explain what you do clearly and are easy for your team to keep up to date.",
        features: [
          "Responsive design for phones, tablets and desktops",
          "Content management your staff can use without a developer",
          "On-page SEO and analytics setup",
          "Pages optimised for 3G and 4G connections",
        ],
        timeframe: "2-8 weeks",
        popular: false,
      },
      {
        name: "Mobile App Development",
        description:
          "Android and iOS apps from a single codebase, designed for users who are often offline or on limited data.",
        features: [
          "Cross-platform apps built with Flutter",
          "Offline-first storage with background sync",
          "Push notifications and in-app messaging",
          "Publishing to Google Play and the App Store",
        ],
        timeframe: "6-16 weeks",
        popular: false,
      },
      {
        name: "UI/UX Design",
        description:
          "Research-led interface design that makes products easier to use, tested with real users before development starts.",
        features: [
          "User interviews and usability testing",
          "Wireframes and interactive prototypes",
          "Design systems and component libraries",
          "Accessibility review against WCAG 2.2",
        ],
        timeframe: "1-3 weeks",
        popular: false,
      },
    ],
  },
  {
    id: "cloud-infrastructure",
    title: "Cloud & Infrastructure",
    description:
      "Reliable hosting and cloud infrastructure, from a single virtual server to multi-region deployments, managed by engineers who answer the phone.",
    icon: "cloud",
    services: [
      {
        name: "VPS Hosting",
        description:
          "Virtual private servers with dedicated resources and full root access, ready minutes after you order.",
        features: [
          "NVMe SSD storage with dedicated CPU and memory",
          "Ubuntu, Debian, Rocky Linux or AlmaLinux images",
          "Daily snapshots with one-click restore",
          "Upgrade resources without migrating your server",
        ],
        timeframe: "Instant Provisioning",
        popular: true,
      },
      {
        name: "Managed Web Hosting",
        description:
          "Hosting for websites and web applications where we take care of the server, updates and backups for you.",
        features: [
          "Free SSL certificate on every site",
          "Daily backups kept for 30 days",
          "Staging environments for safe updates",
          "Malware scanning and automatic security patches",
        ],
        timeframe: "Instant Provisioning",
        popular: false,
      },
      {
        name: "Cloud Migration",
        description:
          "Planned, low-risk moves from on-premise servers or other providers to AWS, Microsoft Azure, Google Cloud or our own platform.",
        features: [
          "Workload and cost assessment before any move",
          "Step-by-step migration plan with rollback points",
          "Data transfer with integrity checks",
          "Cut-over scheduled outside your business hours",
        ],
        timeframe: "2-8 weeks",
        popular: false,
      },
      {
        name: "Managed Infrastructure & DevOps",
        description:
          "Ongoing operation of your servers and deployment pipelines, so your developers can concentrate on the product.",
        features: [
          "24/7 monitoring with on-call engineers",
          "CI/CD pipelines and container orchestration",
          "Patch management and tested backups",
          "Monthly cost and performance reports",
        ],
        timeframe: "Ongoing Service",
        popular: false,
      },
    ],
  },
  {
    id: "ai-machine-learning",
    title: "AI & Machine Learning",
    description:
      "Practical AI that saves staff time and improves decisions, built on your own data and measured against clear business goals.",
    icon: "brain",
    services: [
      {
        name: "AI Chatbots & Virtual Assistants",
        description:
          "Assistants that answer customer and staff questions from your own documents, and hand over to a person when they should.",
        features: [
          "Answers grounded in your policies, FAQs and product data",
          "English, French and Swahili conversations",
          "Website and WhatsApp channels",
          "Conversation analytics and human hand-over",
        ],
        timeframe: "3-6 weeks",
        popular: true,
      },
      {
        name: "Data Analytics & Business Intelligence",
        description: "Dashboards and reports that bring sales, operations and finance data together in one place.",
        features: [
          "Dashboards connected to live data sources",
          "Data cleaning and warehouse setup",
          "Key performance indicators agreed with management",
          "Scheduled reports delivered by email",
        ],
        timeframe: "4-8 weeks",
        popular: false,
      },
      {
        name: "Predictive Modelling",
        description:
          "Forecasting and scoring models that help you plan stock, staffing and credit with more confidence.",
        features: [
          "Demand and sales forecasting",
          "Customer churn and credit-risk scoring",
          "Clear explanations of what drives each prediction",
          "Monitoring and scheduled retraining",
        ],
        timeframe: "6-12 weeks",
        popular: false,
      },
      {
        name: "Document Processing Automation",
        description:
          "Automatic extraction of data from invoices, receipts, forms and identity documents into your existing systems.",
        features: [
          "OCR for scanned and photographed documents",
          "Field extraction with confidence scores",
          "Validation rules and human review queues",
          "Export to accounting and ERP systems",
        ],
        timeframe: "4-8 weeks",
        popular: false,
      },
    ],
  },
  {
    id: "cybersecurity",
    title: "Cybersecurity & Compliance",
    description:
      "Independent testing, monitoring and compliance support that protects your systems and your customers' data.",
    icon: "shield",
    services: [
      {
        name: "Security Audits & Penetration Testing",
        description:
          "Structured testing of your networks and applications by certified engineers, with findings ranked by real business risk.",
        features: [
          "External and internal network testing",
          "Web and mobile application testing against the OWASP Top 10",
          "Prioritised report with remediation guidance",
          "Retest to confirm fixes are effective",
        ],
        timeframe: "1-3 weeks",
        popular: true,
      },
      {
        name: "Data Protection Compliance",
        description:
          "Guidance on meeting the personal data protection laws of Rwanda, Kenya and Uganda, from first assessment to regulator registration.",
        features: [
          "Gap assessment against local data protection laws",
          "Data mapping and records of processing",
          "Privacy notices, policies and consent flows",
          "Support with data controller registration",
        ],
        timeframe: "4-12 weeks",
        popular: false,
      },
      {
        name: "Managed Security Monitoring",
        description:
          "Continuous monitoring of your servers, endpoints and cloud accounts, with engineers ready to respond to incidents.",
        features: [
          "24/7 log monitoring and alerting",
          "Endpoint protection management",
          "Monthly vulnerability scans",
          "On-call incident response",
        ],
        timeframe: "Ongoing Service",
        popular: false,
      },
      {
        name: "Security Awareness Training",
        description:
          "Practical sessions that help staff recognise phishing, fraud and social engineering before they cause harm.",
        features: [
          "Simulated phishing campaigns",
          "Separate sessions for staff and management",
          "Guidance on mobile money and payment fraud",
          "Completion records for audits",
        ],
        timeframe: "1-2 weeks",
        popular: false,
      },
    ],
  },
  {
    id: "digital-transformation",
    title: "Digital Transformation",
    description:
      "Help moving from paper, spreadsheets and ageing systems to connected digital processes, at a pace your team can absorb.",
    icon: "refresh-cw",
    services: [
      {
        name: "Digital Strategy & IT Consulting",
        description: "An independent view of your current systems and a practical roadmap for what to change first.",
        features: [
          "Review of current systems, processes and costs",
          "Prioritised technology roadmap",
          "Budget estimates and vendor selection support",
          "Recommendations ready for board review",
        ],
        timeframe: "2-4 weeks",
        popular: false,
      },
      {
        name: "Business Process Automation",
        description: "Replacing manual, paper-based and repetitive tasks with reliable digital workflows.",
        features: [
          "Workflow mapping with the people who do the work",
          "Digital approvals and e-signatures",
          "Integration of finance, HR and CRM tools",
          "Mobile money and bank reconciliation",
        ],
        timeframe: "4-12 weeks",
        popular: true,
      },
      {
        name: "Legacy System Modernisation",
        description: "Phased replacement or refactoring of older systems without interrupting day-to-day operations.",
        features: [
          "Code and architecture assessment",
          "Phased migration to supported platforms",
          "Data migration with reconciliation checks",
          "Staff training and documented handover",
        ],
        timeframe: "8-16 weeks",
        popular: false,
      },
      {
        name: "ERP & CRM Implementation",
        description: "Selection, configuration and rollout of business systems that suit your size and sector.",
        features: [
          "Platform selection matched to your needs",
          "Configuration for local tax and payroll rules",
          "Data import from spreadsheets and older systems",
          "User training and post-launch support",
        ],
        timeframe: "6-12 weeks",
        popular: false,
      },
    ],
  },
  {
    id: "domains-digital-assets",
    title: "Domain & Digital Assets",
    description:
      "Domain names, DNS, SSL certificates and professional email, managed together so your online identity stays secure and renewed.",
    icon: "globe",
    services: [
      {
        name: "Domain Registration",
        description: "Register and renew local and international domains, with transfers handled for you.",
        features: [
          "Local extensions: .rw, .co.rw, .co.ug, .co.ke",
          "International extensions: .com, .org, .net, .africa",
          "Auto-renewal with expiry reminders",
          "Assisted transfers from other registrars",
        ],
        timeframe: "Instant Provisioning",
        popular: true,
      },
      {
        name: "DNS Management",
        description: "Reliable, fast DNS hosting with changes made by you in the dashboard or by our team on request.",
        features: [
          "Redundant name servers for reliable resolution",
          "A, AAAA, CNAME, MX, TXT and SRV records",
          "DNSSEC support",
          "Email authentication setup (SPF, DKIM, DMARC)",
        ],
        timeframe: "Instant Provisioning",
        popular: false,
      },
      {
        name: "SSL Certificates",
        description: "Certificates that encrypt traffic to your site and show visitors it is genuinely yours.",
        features: [
          "Domain, organisation and extended validation",
          "Wildcard and multi-domain options",
          "Installation and configuration included",
          "Expiry monitoring and renewal reminders",
        ],
        timeframe: "1-3 days",
        popular: false,
      },
      {
        name: "Professional Email",
        description: "Business email at your own domain, with migration from your current provider included.",
        features: [
          "Addresses at your own domain name",
          "Spam and virus filtering",
          "Webmail with mobile and desktop sync",
          "Mailbox migration from your current provider",
        ],
        timeframe: "1-2 days",
        popular: false,
      },
    ],
  },
];

export const freeTools: FreeTool[] = [
  {
    id: "speed-analysis",
    title: "Website Speed Analysis",
    description:
      "See how quickly your website loads on mobile and desktop, with plain-language recommendations for the issues that matter most.",
    href: "/speed-analysis",
    icon: "gauge",
    cta: "Analyse My Website",
  },
  {
    id: "tech-stack-advisor",
    title: "Tech Stack Advisor",
    description:
      "Answer a few questions about your project and get a recommended set of technologies, with the reasoning behind each choice.",
    href: "/tech-stack-advisor",
    icon: "layers",
    cta: "Get Recommendations",
  },
  {
    id: "domain-search",
    title: "Domain Search",
    description: "Check whether the name you want is available across .rw, .com, .co.ug, .co.ke and other extensions.",
    href: "/domains",
    icon: "search",
    cta: "Search Domains",
  },
];
