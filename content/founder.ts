/**
 * Founder profile. Name, handle and contact details are placeholders; a
 * rebrand changes them here. Durations (years of leadership, years per skill)
 * are computed by the caller from `careerStart` and `skills[].since` using
 * durations.ts, so no figure here goes stale as time passes.
 */
import { founderHandle } from "./founder-handle.ts";
import { company } from "./company.ts";
import type { FounderProfile } from "./types.ts";

const name = "Jean-Paul Habimana";

export const founder: FounderProfile = {
  handle: founderHandle,
  name,
  title: "Chief Executive Officer",
  location: "Kigali, Rwanda",
  /**
   * The portrait. The file shipped is a placeholder silhouette: put the real photo at
   * web/public/images/founder.webp (square, at least 480 × 480, WebP), or point `src` at another file
   * in web/public/images/ and give its size here. The alt text is the one place that describes it.
   */
  photo: {
    src: "/images/founder.webp",
    width: 480,
    height: 480,
    alt: `Portrait of ${name}, founder and Chief Executive Officer of ${company.name}`,
  },
  email: "ceo@kigalitech.rw",
  phone: {
    display: "+250 788 000 001",
    href: "+250788000001",
  },
  linkedin: "https://www.linkedin.com/in/jean-paul-habimana",
  github: "https://github.com/jean-paul-habimana",
  about: [
    `${name} founded ${company.name} in Kigali in ${company.foundedYear} and has led it as Chief Executive Officer ever since. Under his leadership the company has grown from a small software studio into a regional technology partner with teams serving clients in Rwanda, Uganda and Kenya.`,
    "Before starting the company, he worked as a software engineer and solutions architect on systems for banks, telecom operators and public institutions in the region. That experience shaped his conviction that technology in East Africa must be designed for real conditions: mobile-first users, variable connectivity, mobile money and careful budgets.",
    "He stays closely involved in architecture and security reviews on client projects, mentors the company's engineers, and speaks regularly on cloud adoption, cybersecurity and data protection for African businesses.",
  ],
  competencies: [
    "Software architecture and system design",
    "Cloud strategy and migration",
    "Cybersecurity and risk management",
    "Applied AI and machine learning",
    "Digital transformation leadership",
    "Data protection and regulatory compliance",
    "Engineering team building and mentoring",
  ],
  mission:
    "To help East African organisations adopt technology that is secure, affordable and built to last, and to grow the regional engineering talent that makes it possible.",
  careerStart: "2017-03-01",
  // Years of leadership are not a figure here: the hero computes them from `careerStart`.
  headlineFigures: [
    { value: "100+", label: "Enterprise Projects" },
    { value: "10+", label: "Countries" },
    { value: "25+", label: "Security Audits" },
    { value: "50+", label: "Cloud Migrations" },
  ],
  skills: [
    {
      name: "Software Architecture",
      category: "Engineering",
      since: "2010-06-01",
      percentage: 95,
    },
    {
      name: "Cloud Infrastructure",
      category: "Cloud",
      since: "2012-01-01",
      percentage: 92,
    },
    {
      name: "Cybersecurity",
      category: "Security",
      since: "2013-09-01",
      percentage: 90,
    },
    {
      name: "AI & Machine Learning",
      category: "Artificial Intelligence",
      since: "2016-01-01",
      percentage: 88,
    },
    {
      name: "Digital Transformation",
      category: "Strategy",
      since: "2015-03-01",
      percentage: 85,
    },
    {
      name: "Team Leadership",
      category: "Leadership",
      since: "2014-01-01",
      percentage: 87,
    },
  ],
  achievements: [
    {
      year: "2017",
      title: `Founded ${company.name}`,
      description:
        "Started the company in Kigali with a small team of engineers, focused on web applications for local businesses and NGOs.",
      impact: "Laid the foundation for a regional technology services firm",
      current: false,
    },
    {
      year: "2020",
      title: "Launched cloud hosting services",
      description:
        "Built the company's hosting platform and led migrations for clients moving their operations online during the pandemic.",
      impact: "Kept client services running through a period of rapid change",
      current: false,
    },
    {
      year: "2022",
      title: "Established the cybersecurity practice",
      description:
        "Created a dedicated security team offering penetration testing, monitoring and data protection compliance across the region.",
      impact: "Helped clients prepare for new data protection laws in Rwanda, Kenya and Uganda",
      current: false,
    },
    {
      year: "2024",
      title: "Leading AI adoption for regional businesses",
      description: `Leads the company's AI and machine learning work, including the launch of ${company.assistantName} and assistants built on clients' own data.`,
      impact: "Bringing practical, measurable AI to East African organisations",
      current: true,
    },
  ],
  research: [
    {
      title: "Web Performance on Low-Bandwidth Mobile Networks",
      period: "2019 - 2021",
      category: "Web Performance",
      description:
        "Studied how page weight, caching and rendering strategy affect load times for users on congested 3G and 4G networks in Rwanda and Uganda, and turned the findings into build guidelines used on company web projects.",
      technologies: ["React", "Service Workers", "HTTP/2", "Lighthouse", "WebP and AVIF images"],
    },
    {
      title: "Multilingual Customer-Service Assistants for East Africa",
      period: "2023 - Present",
      category: "Artificial Intelligence",
      description:
        "Evaluating retrieval-augmented language models for customer support in English, French, Kinyarwanda and Swahili, with a focus on answer accuracy, cost per conversation and safe hand-over to human agents.",
      technologies: ["Python", "PyTorch", "Retrieval-Augmented Generation", "PostgreSQL with pgvector", "FastAPI"],
    },
  ],
  degrees: [
    {
      degree: "PhD in Computer Science",
      institution: "University of Rwanda",
      field: "Distributed Systems",
      level: "Doctorate",
    },
    {
      degree: "MS in Information Technology",
      institution: "Carnegie Mellon University Africa",
      field: "Information Technology",
      level: "Master's",
    },
    {
      degree: "BSc in Computer Science",
      institution: "Makerere University",
      field: "Computer Science",
      level: "Bachelor's",
    },
    {
      degree: "Postgraduate Diploma in Information Security",
      institution: "Strathmore University",
      field: "Information Security",
      level: "Postgraduate Diploma",
    },
    {
      degree: "Executive Certificate in Strategic Leadership",
      institution: "African Leadership University",
      field: "Leadership and Management",
      level: "Certificate",
    },
  ],
  certifications: [
    {
      name: "AWS Certified Solutions Architect - Professional",
      provider: "Amazon Web Services",
      category: "Cloud",
    },
    {
      name: "Microsoft Certified: Azure Solutions Architect Expert",
      provider: "Microsoft",
      category: "Cloud",
    },
    {
      name: "Professional Cloud Architect",
      provider: "Google Cloud",
      category: "Cloud",
    },
    {
      name: "Certified Information Systems Security Professional (CISSP)",
      provider: "ISC2",
      category: "Security",
    },
    {
      name: "Certified Information Security Manager (CISM)",
      provider: "ISACA",
      category: "Security",
    },
    {
      name: "Certified Ethical Hacker (CEH)",
      provider: "EC-Council",
      category: "Security",
    },
    {
      name: "Microsoft Certified: Azure AI Engineer Associate",
      provider: "Microsoft",
      category: "AI",
    },
    {
      name: "Certified Kubernetes Administrator (CKA)",
      provider: "The Linux Foundation",
      category: "DevOps",
    },
    {
      name: "Project Management Professional (PMP)",
      provider: "Project Management Institute",
      category: "Management",
    },
  ],
};
