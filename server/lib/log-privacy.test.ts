import { describe, expect, it } from "vitest";
import { privateUrl } from "./log-privacy.ts";

describe("privateUrl", () => {
  it.each([
    ["/api/domains/kigali-coffee.rw", "/api/domains/[name]"],
    ["/domain-details/kigali-coffee.rw?x=1", "/domain-details/[name]?x=1"],
    ["/api/vps/orders/9f3kQ_abc/payment", "/api/vps/orders/[secret]/payment"],
    ["/api/domains/orders/9f3kQ_abc", "/api/domains/orders/[secret]"],
    ["/api/domains/orders/9f3kQ_abc/payment", "/api/domains/orders/[secret]/payment"],
    ["/domains/order-status/9f3kQ_abc", "/domains/order-status/[secret]"],
    ["/domains/order/kigali-coffee.rw", "/domains/order/[name]"],
    ["/api/domains/orders", "/api/domains/orders"],
    ["/domains/order-status/9f3kQ_abc?from=email", "/domains/order-status/[secret]?from=email"],
    ["/vps-hosting/order/9f3kQ_abc", "/vps-hosting/order/[secret]"],
    ["/api/projects/T4WFnaIiSFvrlpki1855uA/consultation", "/api/projects/[secret]/consultation"],
    ["/project-details/T4WFnaIiSFvrlpki1855uA", "/project-details/[secret]"],
    ["/speed-analysis?report=abc123", "/speed-analysis?report=[redacted]"],
    ["/api/admin/enquiries?q=aline%40example.rw&status=new", "/api/admin/enquiries?q=[redacted]&status=new"],
    ["/about", "/about"],
  ])("logs %s as %s", (url, logged) => {
    expect(privateUrl(url)).toBe(logged);
  });
});
