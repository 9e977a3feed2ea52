import { describe, it, expect } from "vitest";
import {
  about,
  company,
  contactServiceOptions,
  featuredServices,
  figures,
  founder,
  freeTools,
  quickLinks,
  serviceCategories,
  stats,
  technologies,
  testimonials,
  testimonialsAreSample,
} from "./index.ts";

describe("company", () => {
  it("keeps the default meta description within 160 characters", () => {
    expect(company.description.length).toBeLessThanOrEqual(160);
  });

  it("offers one contact option per service category plus Other", () => {
    expect(contactServiceOptions.map((o) => o.value)).toEqual([...serviceCategories.map((c) => c.id), "other"]);
    expect(contactServiceOptions.at(-1)?.label).toBe("Other");
  });
});

describe("stats", () => {
  it("quotes the agreed figures", () => {
    expect(stats.map((s) => s.value)).toEqual([figures.projects, figures.clients, figures.countries, figures.support]);
  });
});

describe("services", () => {
  it("has the six categories in order", () => {
    expect(serviceCategories.map((c) => c.title)).toEqual([
      "Web Development & Design",
      "Cloud & Infrastructure",
      "AI & Machine Learning",
      "Cybersecurity & Compliance",
      "Digital Transformation",
      "Domain & Digital Assets",
    ]);
  });

  it("uses unique kebab-case ids", () => {
    const ids = serviceCategories.map((c) => c.id);
    expect(new Set(ids).size).toBe(ids.length);
    for (const id of ids) expect(id).toMatch(/^[a-z0-9]+(-[a-z0-9]+)*$/);
  });

  it.each(serviceCategories.map((c) => [c.title, c] as const))(
    "%s has four services, four features each, one popular",
    (_title, category) => {
      expect(category.services).toHaveLength(4);
      for (const service of category.services) expect(service.features).toHaveLength(4);
      expect(category.services.filter((s) => s.popular)).toHaveLength(1);
    },
  );

  it("uses the example timeframes at least once each", () => {
    const timeframes = serviceCategories.flatMap((c) => c.services.map((s) => s.timeframe));
    for (const t of ["2-8 weeks", "Instant Provisioning", "Ongoing Service"]) {
      expect(timeframes).toContain(t);
    }
  });

  it("lists the three free tools in order", () => {
    expect(freeTools.map((t) => t.href)).toEqual(["/speed-analysis", "/tech-stack-advisor", "/domains"]);
  });
});

describe("featured", () => {
  it("lists the four featured services in order", () => {
    expect(featuredServices.map((f) => [f.title, f.badge, f.href])).toEqual([
      ["Technology Stack Advisor", "Featured", "/tech-stack-advisor"],
      ["Domain Registration", "Popular", "/domains"],
      ["Web Speed Analysis", "New", "/speed-analysis"],
      ["VPS Server Hosting", "Pro", "/vps-hosting"],
    ]);
    for (const f of featuredServices) expect(f.highlights).toHaveLength(3);
  });

  it("has three quick links", () => {
    expect(quickLinks.map((l) => l.href)).toEqual(["/domains", "/speed-analysis", "/vps-hosting"]);
  });
});

describe("testimonials", () => {
  it("are three flagged samples with valid ratings and initials", () => {
    expect(testimonialsAreSample).toBe(true);
    expect(testimonials).toHaveLength(3);
    for (const t of testimonials) {
      expect(Number.isInteger(t.rating)).toBe(true);
      expect(t.rating).toBeGreaterThanOrEqual(1);
      expect(t.rating).toBeLessThanOrEqual(5);
      const expected = t.name
        .split(/\s+/)
        .map((part) => part[0] ?? "")
        .join("");
      expect(t.initials).toBe(expected);
    }
  });
});

describe("technologies", () => {
  it("has eight entries sorted by popularity, descending", () => {
    expect(technologies).toHaveLength(8);
    const values = technologies.map((t) => t.popularity);
    expect(values).toEqual([...values].sort((a, b) => b - a));
    for (const v of values) {
      expect(Number.isInteger(v)).toBe(true);
      expect(v).toBeGreaterThanOrEqual(0);
      expect(v).toBeLessThanOrEqual(100);
    }
  });
});

describe("about", () => {
  it("has four impact items, four values and one timeline entry per year from founding to 2025", () => {
    expect(about.impact).toHaveLength(4);
    expect(about.values).toHaveLength(4);
    const years = about.timeline.map((e) => e.year);
    const expected = Array.from({ length: 2025 - company.foundedYear + 1 }, (_, i) => company.foundedYear + i);
    expect(years).toEqual(expected);
  });
});

describe("founder", () => {
  it("matches the required shape", () => {
    expect(founder.handle).toBe("jean-paul-habimana");
    expect(founder.title).toBe("Chief Executive Officer");
    // Years of leadership come from careerStart (the hero's badge), never a fixed figure that goes stale.
    expect(founder.headlineFigures.map((f) => f.value)).toEqual(["100+", "10+", "25+", "50+"]);
    expect(founder.about[0]).toMatch(/ever since\./);
    expect(founder.skills.map((s) => s.percentage)).toEqual([95, 92, 90, 88, 85, 87]);
    expect(founder.achievements).toHaveLength(4);
    expect(founder.achievements.filter((a) => a.current)).toHaveLength(1);
    expect(founder.achievements.at(-1)?.current).toBe(true);
    expect(founder.research).toHaveLength(2);
    expect(founder.degrees).toHaveLength(5);
    expect(founder.certifications).toHaveLength(9);
    expect(founder.about.length).toBeGreaterThanOrEqual(2);
    expect(founder.about.length).toBeLessThanOrEqual(3);
    expect(founder.competencies.length).toBeGreaterThanOrEqual(6);
    expect(founder.competencies.length).toBeLessThanOrEqual(8);
  });

  it("uses valid ISO dates for computed durations", () => {
    const dates = [founder.careerStart, ...founder.skills.map((s) => s.since)];
    for (const d of dates) {
      expect(d).toMatch(/^\d{4}-\d{2}-\d{2}$/);
      expect(Number.isNaN(new Date(d).getTime())).toBe(false);
    }
  });
});
