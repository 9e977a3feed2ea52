import { describe, expect, it } from "vitest";
import { builtinAssistant } from "./builtin-assistant.ts";

/** Questions real visitors of a technology-services company ask, with the topic the answer must come from. */
const questions: { q: string; topic: string; link?: string }[] = [
  { q: "How much does a website cost?", topic: "pricing", link: "/contact" },
  { q: "what are your prices", topic: "pricing" },
  { q: "Can I get a quote for a mobile app?", topic: "pricing" },
  { q: "I have a small budget, is that ok?", topic: "pricing" },
  { q: "How long does it take to build a website?", topic: "timeline" },
  { q: "Can you build a website for my restaurant?", topic: "web", link: "/services#web-development" },
  { q: "I need a booking system for my hotel", topic: "web" },
  { q: "Do you use WordPress?", topic: "web" },
  { q: "I want to sell my products online", topic: "ecommerce" },
  { q: "Do you develop Android apps?", topic: "mobile" },
  { q: "can you make an iphone app", topic: "mobile" },
  { q: "We want to migrate our servers to AWS", topic: "cloud", link: "/services#cloud-infrastructure" },
  { q: "Do you do backups and monitoring?", topic: "cloud" },
  { q: "Do you offer web hosting?", topic: "hosting", link: "/vps-hosting" },
  { q: "I need a VPS server", topic: "hosting" },
  { q: "What VPS plans do you have?", topic: "vps-prices", link: "/vps-hosting" },
  { q: "How do I register a .rw domain?", topic: "domains", link: "/domains" },
  { q: "Can I transfer my domain name to you?", topic: "domains" },
  { q: "I need a professional email address for my company", topic: "email" },
  { q: "Can you build a chatbot for our customers?", topic: "ai", link: "/services#ai-machine-learning" },
  { q: "Do you do machine learning?", topic: "ai" },
  { q: "Our website was hacked, can you help?", topic: "security", link: "/services#cybersecurity" },
  { q: "Do you do penetration testing?", topic: "security" },
  { q: "We need help with data protection compliance", topic: "security" },
  { q: "How can we digitise our paper records?", topic: "digital" },
  { q: "Can you help us rank higher on Google?", topic: "seo" },
  { q: "Who maintains the website after launch?", topic: "maintenance" },
  { q: "My website is slow", topic: "speed-tool", link: "/speed-analysis" },
  { q: "How can I test my site speed?", topic: "speed-tool" },
  { q: "Which tech stack should I choose for my startup?", topic: "advisor-tool", link: "/tech-stack-advisor" },
  { q: "Can I pay with MTN mobile money?", topic: "payment", link: "/payment" },
  { q: "Do you accept M-Pesa?", topic: "payment" },
  { q: "What is your phone number?", topic: "contact", link: "/contact" },
  { q: "How can I contact you?", topic: "contact" },
  { q: "What are your opening hours?", topic: "hours" },
  { q: "Are you open on Saturday?", topic: "hours" },
  { q: "Where is your office?", topic: "location" },
  { q: "Do you offer 24/7 support?", topic: "support" },
  { q: "Who is the CEO?", topic: "founder" },
  { q: "Who founded Kigali Tech Solutions?", topic: "founder" },
  { q: "Do you work in Uganda?", topic: "countries" },
  { q: "Do you work with clients in Kenya?", topic: "countries" },
  { q: "Are you hiring developers?", topic: "careers" },
  { q: "Do you offer internships?", topic: "careers" },
  { q: "How do we get started on a project?", topic: "process" },
  { q: "What does your company do?", topic: "services", link: "/services" },
  { q: "Who are you?", topic: "about", link: "/about" },
  { q: "Hello", topic: "greeting" },
  { q: "Good morning!", topic: "greeting" },
  { q: "thanks", topic: "thanks" },
  { q: "Can I talk to a human?", topic: "human" },
  { q: "I want to speak with an agent please", topic: "human" },
  { q: "connect me to someone from your team", topic: "human" },
];

describe("the built-in assistant", () => {
  const assistant = builtinAssistant();

  it("has at least 40 real questions to answer", () => {
    expect(questions.length).toBeGreaterThanOrEqual(40);
  });

  it.each(questions)("$q -> $topic", async ({ q, topic, link }) => {
    const reply = await assistant.answer(q, []);
    expect(reply.topic, `${q}: ${reply.text}`).toBe(topic);
    if (reply.intent === "answer") expect(reply.links.length).toBeGreaterThan(0);
    if (link) expect(reply.links.map((l) => l.href)).toContain(link);
  });

  it("signals a hand-over as a structured flag only for a request for a person", async () => {
    expect((await assistant.answer("talk to a real person", [])).handover).toBe(true);
    expect((await assistant.answer("how much is hosting", [])).handover).toBe(false);
    expect((await assistant.answer("Can you build an AI agent for our call centre?", [])).handover).toBe(false);
  });

  it.each(["asdfgh qwerty", "Do you sell second-hand laptops?"])(
    "says it does not know %s and offers a person",
    async (q) => {
      const reply = await assistant.answer(q, []);
      expect(reply).toMatchObject({ intent: "unknown", offerHuman: true, handover: false });
      expect(reply.links[0]?.href).toBe("/contact");
    },
  );

  it.each(["What is the capital of France?", "Tell me a joke about penguins"])(
    "declines %s politely, says what it can help with, and pitches nothing",
    async (q) => {
      const reply = await assistant.answer(q, []);
      expect(reply).toMatchObject({ intent: "refusal", topic: "offtopic", offerHuman: false, handover: false });
      expect(reply.text).toMatch(/services, prices, free tools/);
      expect(reply.links.map((l) => l.href)).toEqual(["/services"]);
    },
  );
});
