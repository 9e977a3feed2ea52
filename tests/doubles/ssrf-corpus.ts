/**
 * Addresses a stranger might type to make the analyzer reach inside our network. Every one
 * must be refused with 400. Names under `.attacker.test` resolve through the test's own
 * resolver (testResolver below), the way an attacker's DNS server would answer.
 */
export const ssrfCorpus: string[] = [
  // Loopback, in every notation WHATWG URL accepts.
  "http://127.0.0.1/",
  "http://127.0.0.1:3000/api/contact",
  "http://2130706433/",
  "http://0177.0.0.1/",
  "http://0x7f.1/",
  "http://0x7f000001/",
  "http://017700000001/",
  "http://127.1/",
  "http://127.000.000.001/",
  "http://[::1]/",
  "http://[::ffff:127.0.0.1]/",
  "http://[::ffff:7f00:1]/",
  "http://[0:0:0:0:0:ffff:127.0.0.1]/",
  "http://localhost/",
  "http://localhost./",
  "http://LOCALHOST/",
  "http://admin.localhost/",
  // Unspecified (reaches localhost on Linux).
  "http://0.0.0.0/",
  "http://0/",
  "http://[::]/",
  // Private, carrier-grade NAT, link-local and cloud metadata.
  "http://10.0.0.1/",
  "http://172.16.0.1/",
  "http://192.168.1.1/",
  "http://100.64.0.1/",
  "http://169.254.169.254/latest/meta-data/",
  "http://[::ffff:a9fe:a9fe]/",
  "http://[fd00:ec2::254]/",
  "http://[fe80::1]/",
  "http://metadata.google.internal/computeMetadata/v1/",
  // Multicast, broadcast, reserved and IPv4-embedding IPv6.
  "http://224.0.0.1/",
  "http://255.255.255.255/",
  "http://240.0.0.1/",
  "http://[ff02::1]/",
  "http://[64:ff9b::7f00:1]/",
  "http://[2002:7f00:1::]/",
  // Every other IPv6 form that carries an IPv4 address (issue 16, finding 11): IPv4-compatible
  // (::a.b.c.d, which ipaddr.js calls unicast), SIIT, local-use NAT64, Teredo, ISATAP on a global prefix.
  "http://[::127.0.0.1]/",
  "http://[::7f00:1]/",
  "http://[::a9fe:a9fe]/",
  "http://[::10.0.0.1]/",
  "http://[::0.0.0.1]/",
  "http://[::ffff:0:127.0.0.1]/",
  "http://[64:ff9b::a00:1]/",
  "http://[64:ff9b:1::7f00:1]/",
  "http://[64:ff9b:1::a9fe:a9fe]/",
  "http://[2001:0:4136:e378:8000:63bf:80ff:fffe]/",
  "http://[2600:1f18::5efe:7f00:1]/",
  "http://[2600:1f18::200:5efe:a9fe:a9fe]/",
  "http://[100::1]/",
  "http://[fec0::1]/",
  "http://[::ffff:7f00:1]:8080/",
  // Other schemes and URL shapes.
  "file:///etc/passwd",
  "gopher://example.com:70/_GET",
  "ftp://example.com/",
  "data:text/html,<h1>hi</h1>",
  "javascript:alert(1)",
  "http://user:pass@example.com/",
  "http://user@example.com/",
  "http://example.com:22/",
  "http://example.com:6379/",
  "http://intranet/",
  "http://printer.local/",
  "not a url",
  // Public-looking names that resolve inside (the test resolver answers like attacker DNS).
  "http://loopback.attacker.test/",
  "http://127.0.0.1.nip.attacker.test/",
  "http://metadata.attacker.test/",
  "http://mixed.attacker.test/",
  "http://mapped.attacker.test/",
  "http://v6.attacker.test/",
  "http://compat.attacker.test/",
  "http://nat64.attacker.test/",
  "http://isatap.attacker.test/",
];

/** What the attacker's DNS answers for the names above. */
export const attackerDns: Record<string, string[]> = {
  "loopback.attacker.test": ["127.0.0.1"],
  "127.0.0.1.nip.attacker.test": ["127.0.0.1"],
  "metadata.attacker.test": ["169.254.169.254"],
  // One good address is not enough: every answer must be public.
  "mixed.attacker.test": ["93.184.216.34", "10.1.2.3"],
  "mapped.attacker.test": ["::ffff:10.0.0.1"],
  "v6.attacker.test": ["::1"],
  "compat.attacker.test": ["::127.0.0.1"],
  "nat64.attacker.test": ["64:ff9b:1::a9fe:a9fe"],
  "isatap.attacker.test": ["2600:1f18::5efe:a00:1"],
};
