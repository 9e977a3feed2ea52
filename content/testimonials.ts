/**
 * SAMPLE CONTENT. These testimonials are fictional placeholders: the people
 * and companies below do not exist. Replace them with real, approved client
 * testimonials before launch and set `testimonialsAreSample` to false.
 */
import { company } from "./company.ts";
import type { Testimonial } from "./types.ts";

/** True while the testimonials below are placeholder content. */
export const testimonialsAreSample = true;

export const testimonials: Testimonial[] = [
  {
    name: "Aline Uwase",
    company: "Inzira Freight Ltd",
    role: "Operations Director",
    content: `Our dispatch team used to coordinate deliveries by phone and spreadsheet. The tracking platform ${company.shortName} built for us works well on the drivers' basic Android phones, and we now know where every consignment is without making a single call.`,
    rating: 5,
    initials: "AU",
  },
  {
    name: "Brian Okello",
    company: "Ziwa Savings Cooperative",
    role: "Head of IT",
    content:
      "The penetration test found issues our previous provider had missed, and the report was clear enough to take straight to our board. They also helped us prepare for data protection registration, which saved us weeks.",
    rating: 5,
    initials: "BO",
  },
  {
    name: "Grace Wanjiru",
    company: "Tatu Greens Kenya",
    role: "Managing Director",
    content:
      "We moved our online shop and order system to their cloud hosting during our busiest season with no downtime. When something does need attention, we get a response from an engineer who already knows our setup.",
    rating: 5,
    initials: "GW",
  },
];
