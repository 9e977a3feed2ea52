/**
 * About page content: introduction, mission and vision, impact figures, core
 * values and the company timeline (one entry per year since founding).
 */
import { company } from "./company.ts";
import { figures } from "./stats.ts";
import type { AboutContent } from "./types.ts";

const { name, shortName, assistantName, foundedYear } = company;

export const about = {
  intro: `${name} is a technology services company founded in Kigali in ${foundedYear}. We design and build software, run cloud infrastructure, secure systems and apply AI for businesses, NGOs and public institutions across Rwanda, Uganda and Kenya. Our engineers understand the conditions our clients work in, from mobile-first customers and mobile money payments to regional data protection laws.`,
  mission:
    "To give East African organisations dependable technology, built and supported by local engineers, that helps them serve their customers better and grow with confidence.",
  vision:
    "To be the technology partner East African businesses trust most, known for work that is secure, well engineered and built to last.",
  impact: [
    {
      value: figures.projects,
      label: "Projects Delivered",
      description:
        "Websites, applications, cloud migrations and security engagements completed for clients of every size.",
    },
    {
      value: figures.clients,
      label: "Happy Clients",
      description: "Businesses, NGOs and institutions that rely on us for development, hosting and ongoing support.",
    },
    {
      value: figures.countries,
      label: "Countries Served",
      description: "Clients in East Africa and beyond, served from our teams in Rwanda, Uganda and Kenya.",
    },
    {
      value: figures.support,
      label: "Support Available",
      description:
        "Engineers on call around the clock for hosted and managed clients, with email replies within 24 hours.",
    },
  ],
  values: [
    {
      title: "Innovation",
      description:
        "We adopt new technology when it solves a real problem for our clients, and we test it carefully before recommending it.",
      icon: "lightbulb",
    },
    {
      title: "Integrity",
      description: "We give honest advice, quote clearly and tell clients early when something is not going to plan.",
      icon: "heart",
    },
    {
      title: "Excellence",
      description:
        "We review each other's code, document what we build and hold our work to international engineering standards.",
      icon: "award",
    },
    {
      title: "Partnership",
      description: "We measure success by our clients' results and support the systems we build long after launch.",
      icon: "handshake",
    },
  ],
  timeline: [
    {
      year: 2017,
      title: `${shortName} founded in Kigali`,
      description:
        "Started as a small software studio building websites and web applications for Rwandan businesses and NGOs.",
    },
    {
      year: 2018,
      title: "Domains and professional email",
      description:
        "Began offering domain registration, DNS management and business email, so clients could manage their online presence in one place.",
    },
    {
      year: 2019,
      title: "Expansion to Uganda",
      description: "Opened a delivery team in Kampala to support a growing number of clients in Uganda.",
    },
    {
      year: 2020,
      title: "Cloud hosting launched",
      description:
        "Launched managed web hosting and VPS servers as businesses moved services online during the pandemic.",
    },
    {
      year: 2021,
      title: "Expansion to Kenya",
      description:
        "Established a team in Nairobi and began serving clients across the three countries from shared engineering standards.",
    },
    {
      year: 2022,
      title: "Cybersecurity and compliance practice",
      description:
        "Added penetration testing, security monitoring and data protection compliance as new privacy laws took effect across the region.",
    },
    {
      year: 2023,
      title: "AI and machine learning practice",
      description:
        "Formed a dedicated team for chatbots, analytics and document automation built on clients' own data.",
    },
    {
      year: 2024,
      title: `${assistantName} and free tools`,
      description: `Introduced ${assistantName} alongside free website speed analysis, technology stack advice and domain search tools.`,
    },
    {
      year: 2025,
      title: "Digital transformation programmes",
      description:
        "Brought strategy, process automation and system modernisation together into end-to-end programmes for larger organisations.",
    },
  ],
} as const satisfies AboutContent;
