import { describe, expect, it } from "vitest";
import {
  contactCreate,
  domainCreate,
  domainRenew,
  readCheck,
  readDomainCreated,
  readDomainInfo,
  readDomainRenewed,
  readPendingAction,
} from "./epp-commands.ts";
import { EppFrameError, frame, FrameReader } from "./epp-frame.ts";
import { readGreeting, readResponse } from "./epp-session.ts";
import { child, EppXmlError, firstChild, NS, parseEpp, text } from "./epp-xml.ts";

/*
 * Test vectors: the example exchanges of RFC 5730 (EPP), RFC 5731 (domain), RFC 5732 (host) and
 * RFC 5733 (contact), as published, with their "S:" line prefixes removed. Code components of RFCs
 * are licensed under the IETF Trust's BSD terms.
 */

/** RFC 5730 §2.4, the <greeting> example. */
const RFC5730_GREETING = `<?xml version="1.0" encoding="UTF-8" standalone="no"?>
<epp xmlns="urn:ietf:params:xml:ns:epp-1.0">
  <greeting>
    <svID>Example EPP server epp.example.com</svID>
    <svDate>2000-06-08T22:00:00.0Z</svDate>
    <svcMenu>
      <version>1.0</version>
      <lang>en</lang>
      <lang>fr</lang>
      <objURI>urn:ietf:params:xml:ns:obj1</objURI>
      <objURI>urn:ietf:params:xml:ns:obj2</objURI>
      <objURI>urn:ietf:params:xml:ns:obj3</objURI>
      <svcExtension>
        <extURI>http://custom/obj1ext-1.0</extURI>
      </svcExtension>
    </svcMenu>
    <dcp>
      <access><all/></access>
      <statement>
        <purpose><admin/><prov/></purpose>
        <recipient><ours/><public/></recipient>
        <retention><stated/></retention>
      </statement>
    </dcp>
  </greeting>
</epp>`;

/** RFC 5731 §3.1.1, <domain:check> response. */
const RFC5731_CHECK = `<?xml version="1.0" encoding="UTF-8" standalone="no"?>
<epp xmlns="urn:ietf:params:xml:ns:epp-1.0">
  <response>
    <result code="1000">
      <msg>Command completed successfully</msg>
    </result>
    <resData>
      <domain:chkData
       xmlns:domain="urn:ietf:params:xml:ns:domain-1.0">
        <domain:cd>
          <domain:name avail="1">example.com</domain:name>
        </domain:cd>
        <domain:cd>
          <domain:name avail="0">example.net</domain:name>
          <domain:reason>In use</domain:reason>
        </domain:cd>
        <domain:cd>
          <domain:name avail="1">example.org</domain:name>
        </domain:cd>
      </domain:chkData>
    </resData>
    <trID>
      <clTRID>ABC-12345</clTRID>
      <svTRID>54322-XYZ</svTRID>
    </trID>
  </response>
</epp>`;

/** RFC 5731 §3.1.2, <domain:info> response. */
const RFC5731_INFO = `<?xml version="1.0" encoding="UTF-8" standalone="no"?>
<epp xmlns="urn:ietf:params:xml:ns:epp-1.0">
  <response>
    <result code="1000">
      <msg>Command completed successfully</msg>
    </result>
    <resData>
      <domain:infData
       xmlns:domain="urn:ietf:params:xml:ns:domain-1.0">
        <domain:name>example.com</domain:name>
        <domain:roid>EXAMPLE1-REP</domain:roid>
        <domain:status s="ok"/>
        <domain:registrant>jd1234</domain:registrant>
        <domain:contact type="admin">sh8013</domain:contact>
        <domain:contact type="tech">sh8013</domain:contact>
        <domain:ns>
          <domain:hostObj>ns1.example.com</domain:hostObj>
          <domain:hostObj>ns1.example.net</domain:hostObj>
        </domain:ns>
        <domain:host>ns1.example.com</domain:host>
        <domain:host>ns2.example.com</domain:host>
        <domain:clID>ClientX</domain:clID>
        <domain:crID>ClientY</domain:crID>
        <domain:crDate>1999-04-03T22:00:00.0Z</domain:crDate>
        <domain:upID>ClientX</domain:upID>
        <domain:upDate>1999-12-03T09:00:00.0Z</domain:upDate>
        <domain:exDate>2005-04-03T22:00:00.0Z</domain:exDate>
        <domain:trDate>2000-04-08T09:00:00.0Z</domain:trDate>
        <domain:authInfo>
          <domain:pw>2fooBAR</domain:pw>
        </domain:authInfo>
      </domain:infData>
    </resData>
    <trID>
      <clTRID>ABC-12345</clTRID>
      <svTRID>54322-XYZ</svTRID>
    </trID>
  </response>
</epp>`;

/** RFC 5731 §3.2.1, <domain:create> response. */
const RFC5731_CREATE = `<?xml version="1.0" encoding="UTF-8" standalone="no"?>
<epp xmlns="urn:ietf:params:xml:ns:epp-1.0">
  <response>
    <result code="1000">
      <msg>Command completed successfully</msg>
    </result>
    <resData>
      <domain:creData
       xmlns:domain="urn:ietf:params:xml:ns:domain-1.0">
        <domain:name>example.com</domain:name>
        <domain:crDate>1999-04-03T22:00:00.0Z</domain:crDate>
        <domain:exDate>2001-04-03T22:00:00.0Z</domain:exDate>
      </domain:creData>
    </resData>
    <trID>
      <clTRID>ABC-12345</clTRID>
      <svTRID>54321-XYZ</svTRID>
    </trID>
  </response>
</epp>`;

/** RFC 5731 §3.2.3, <domain:renew> response. */
const RFC5731_RENEW = `<?xml version="1.0" encoding="UTF-8" standalone="no"?>
<epp xmlns="urn:ietf:params:xml:ns:epp-1.0">
  <response>
    <result code="1000">
      <msg>Command completed successfully</msg>
    </result>
    <resData>
      <domain:renData
       xmlns:domain="urn:ietf:params:xml:ns:domain-1.0">
        <domain:name>example.com</domain:name>
        <domain:exDate>2005-04-03T22:00:00.0Z</domain:exDate>
      </domain:renData>
    </resData>
    <trID>
      <clTRID>ABC-12345</clTRID>
      <svTRID>54322-XYZ</svTRID>
    </trID>
  </response>
</epp>`;

/** RFC 5731 §3.3, a pending create finished, as a poll message (RFC 5730 §2.9.2.3's <poll> response). */
const RFC5731_PANDATA_POLL = `<?xml version="1.0" encoding="UTF-8" standalone="no"?>
<epp xmlns="urn:ietf:params:xml:ns:epp-1.0">
  <response>
    <result code="1301">
      <msg>Command completed successfully; ack to dequeue</msg>
    </result>
    <msgQ count="5" id="12345">
      <qDate>1999-04-04T22:01:00.0Z</qDate>
      <msg>Pending action completed successfully.</msg>
    </msgQ>
    <resData>
      <domain:panData
       xmlns:domain="urn:ietf:params:xml:ns:domain-1.0">
        <domain:name paResult="1">example.com</domain:name>
        <domain:paTRID>
          <clTRID>ABC-12345</clTRID>
          <svTRID>54321-XYZ</svTRID>
        </domain:paTRID>
        <domain:paDate>1999-04-04T22:00:00.0Z</domain:paDate>
      </domain:panData>
    </resData>
    <trID>
      <clTRID>BCD-23456</clTRID>
      <svTRID>65432-WXY</svTRID>
    </trID>
  </response>
</epp>`;

/** RFC 5732 §3.1.1, <host:check> response. */
const RFC5732_CHECK = `<?xml version="1.0" encoding="UTF-8" standalone="no"?>
<epp xmlns="urn:ietf:params:xml:ns:epp-1.0">
  <response>
    <result code="1000">
      <msg>Command completed successfully</msg>
    </result>
    <resData>
      <host:chkData
       xmlns:host="urn:ietf:params:xml:ns:host-1.0">
        <host:cd>
          <host:name avail="1">ns1.example.com</host:name>
        </host:cd>
        <host:cd>
          <host:name avail="0">ns2.example2.com</host:name>
          <host:reason>In use</host:reason>
        </host:cd>
        <host:cd>
          <host:name avail="1">ns3.example3.com</host:name>
        </host:cd>
      </host:chkData>
    </resData>
    <trID>
      <clTRID>ABC-12345</clTRID>
      <svTRID>54322-XYZ</svTRID>
    </trID>
  </response>
</epp>`;

/** RFC 5733 §3.1.1, <contact:check> response. */
const RFC5733_CHECK = `<?xml version="1.0" encoding="UTF-8" standalone="no"?>
<epp xmlns="urn:ietf:params:xml:ns:epp-1.0">
  <response>
    <result code="1000">
      <msg>Command completed successfully</msg>
    </result>
    <resData>
      <contact:chkData
       xmlns:contact="urn:ietf:params:xml:ns:contact-1.0">
        <contact:cd>
          <contact:id avail="1">sh8013</contact:id>
        </contact:cd>
        <contact:cd>
          <contact:id avail="0">sah8013</contact:id>
          <contact:reason>In use</contact:reason>
        </contact:cd>
        <contact:cd>
          <contact:id avail="1">8013sah</contact:id>
        </contact:cd>
      </contact:chkData>
    </resData>
    <trID>
      <clTRID>ABC-12345</clTRID>
      <svTRID>54322-XYZ</svTRID>
    </trID>
  </response>
</epp>`;

/** RFC 5730 §3's error example shape: a 2004 with <extValue><reason>. */
const RFC5730_ERROR = `<?xml version="1.0" encoding="UTF-8" standalone="no"?>
<epp xmlns="urn:ietf:params:xml:ns:epp-1.0">
  <response>
    <result code="2004">
      <msg>Parameter value range error</msg>
      <value xmlns:obj="urn:ietf:params:xml:ns:obj">
        <obj:elem1>2525</obj:elem1>
      </value>
    </result>
    <result code="2005">
      <msg>Parameter value syntax error</msg>
      <value xmlns:obj="urn:ietf:params:xml:ns:obj">
        <obj:elem2>ex(ample</obj:elem2>
      </value>
      <extValue>
        <value xmlns:obj="urn:ietf:params:xml:ns:obj">
          <obj:elem3>abc.ex(ample</obj:elem3>
        </value>
        <reason>Invalid character found.</reason>
      </extValue>
    </result>
    <trID>
      <clTRID>ABC-12345</clTRID>
      <svTRID>54321-XYZ</svTRID>
    </trID>
  </response>
</epp>`;

describe("RFC 5734 framing", () => {
  it("prefixes the XML with a 4-byte big-endian length that counts itself", () => {
    const data = frame("<epp/>");
    expect(data.readUInt32BE(0)).toBe(4 + 6);
    expect(data.subarray(4).toString()).toBe("<epp/>");
    // Multi-byte UTF-8 counts in octets, not characters.
    expect(frame("é").readUInt32BE(0)).toBe(4 + 2);
  });

  it("reassembles frames split across chunks and several frames in one chunk", () => {
    const reader = new FrameReader();
    const both = Buffer.concat([frame("<a/>"), frame("<b>ü</b>")]);
    expect(reader.push(both.subarray(0, 3))).toEqual([]);
    expect(reader.push(both.subarray(3, 9))).toEqual(["<a/>"]);
    expect(reader.push(both.subarray(9, 12))).toEqual([]);
    expect(reader.push(both.subarray(12))).toEqual(["<b>ü</b>"]);
    expect(reader.push(Buffer.concat([frame("<c/>"), frame("<d/>")]))).toEqual(["<c/>", "<d/>"]);
  });

  it("refuses a length below the header or above the bound", () => {
    const tiny = Buffer.from([0, 0, 0, 3]);
    expect(() => new FrameReader().push(tiny)).toThrow(EppFrameError);
    const huge = Buffer.alloc(4);
    huge.writeUInt32BE(64 * 1024 * 1024);
    expect(() => new FrameReader(1024).push(huge)).toThrow(EppFrameError);
  });
});

describe("EPP XML (RFC 5730-5733 examples)", () => {
  it("reads the greeting of RFC 5730 §2.4", () => {
    expect(readGreeting(RFC5730_GREETING)).toEqual({
      svID: "Example EPP server epp.example.com",
      svDate: "2000-06-08T22:00:00.0Z",
      objURIs: ["urn:ietf:params:xml:ns:obj1", "urn:ietf:params:xml:ns:obj2", "urn:ietf:params:xml:ns:obj3"],
    });
  });

  it("reads check answers for domains, hosts and contacts", () => {
    expect(readCheck(readResponse(RFC5731_CHECK).resData, NS.domain)).toEqual([
      { name: "example.com", available: true, reason: null },
      { name: "example.net", available: false, reason: "In use" },
      { name: "example.org", available: true, reason: null },
    ]);
    expect(readCheck(readResponse(RFC5732_CHECK).resData, NS.host).map((h) => h.available)).toEqual([
      true,
      false,
      true,
    ]);
    expect(readCheck(readResponse(RFC5733_CHECK).resData, NS.contact)[1]).toEqual({
      name: "sah8013",
      available: false,
      reason: "In use",
    });
  });

  it("reads domain info, create, renew and a pending-action poll message", () => {
    const info = readResponse(RFC5731_INFO);
    expect(info).toMatchObject({ code: 1000, clTRID: "ABC-12345", svTRID: "54322-XYZ" });
    expect(readDomainInfo(info.resData)).toEqual({
      name: "example.com",
      roid: "EXAMPLE1-REP",
      statuses: ["ok"],
      registrant: "jd1234",
      contacts: [
        { type: "admin", id: "sh8013" },
        { type: "tech", id: "sh8013" },
      ],
      nameservers: ["ns1.example.com", "ns1.example.net"],
      clID: "ClientX",
      crDate: "1999-04-03T22:00:00.0Z",
      exDate: "2005-04-03T22:00:00.0Z",
    });
    expect(readDomainCreated(readResponse(RFC5731_CREATE).resData)).toEqual({
      name: "example.com",
      exDate: "2001-04-03T22:00:00.0Z",
    });
    expect(readDomainRenewed(readResponse(RFC5731_RENEW).resData)?.exDate).toBe("2005-04-03T22:00:00.0Z");
    const poll = readResponse(RFC5731_PANDATA_POLL);
    expect(poll).toMatchObject({
      code: 1301,
      msgQ: { count: 5, id: "12345", date: "1999-04-04T22:01:00.0Z", text: "Pending action completed successfully." },
    });
    expect(readPendingAction(poll.resData)).toEqual({ name: "example.com", succeeded: true });
  });

  it("takes the first result of an error and the registry's reason when it gives one", () => {
    const error = readResponse(RFC5730_ERROR);
    expect(error).toMatchObject({ code: 2004, message: "Parameter value range error", reason: null });
    const reasoned = readResponse(RFC5730_ERROR.replace(/<result code="2004">[\s\S]*?<\/result>/, ""));
    expect(reasoned).toMatchObject({ code: 2005, reason: "Invalid character found." });
  });

  it("finds elements by namespace, whatever prefix the server writes", () => {
    const prefixed = RFC5731_CHECK.replaceAll("domain:", "d:")
      .replace("xmlns:domain", "xmlns:d")
      .replace('<epp xmlns="urn:ietf:params:xml:ns:epp-1.0">', '<e:epp xmlns:e="urn:ietf:params:xml:ns:epp-1.0">');
    const rewritten = prefixed
      .replace(/<(\/?)(response|result|msg|resData|trID|clTRID|svTRID)>/g, "<$1e:$2>")
      .replace('<result code="1000">', '<e:result code="1000">')
      .replace("</epp>", "</e:epp>");
    expect(readCheck(readResponse(rewritten).resData, NS.domain)).toHaveLength(3);
    // The same local names in another namespace are not domain data.
    const wrong = RFC5731_CHECK.replace("urn:ietf:params:xml:ns:domain-1.0", "urn:example:not-domain");
    expect(readCheck(readResponse(wrong).resData, NS.domain)).toEqual([]);
  });

  it("refuses what is not well-formed EPP, and DTDs", () => {
    expect(() => parseEpp("<epp><bad></epp>")).toThrow(EppXmlError);
    expect(() => parseEpp('<epp xmlns="urn:example:other"/>')).toThrow(EppXmlError);
    expect(() =>
      parseEpp('<!DOCTYPE epp [<!ENTITY x "y">]><epp xmlns="urn:ietf:params:xml:ns:epp-1.0">&x;</epp>'),
    ).toThrow(EppXmlError);
  });

  it("writes commands in the RFC namespaces, escaping what customers type", () => {
    const xml = domainCreate(
      {
        name: "example.rw",
        years: 2,
        nameservers: { mode: "objects", hosts: ["ns1.example.net", "ns2.example.net"] },
        registrant: "KTSABC",
        contacts: [
          { type: "admin", id: "KTSABC" },
          { type: "tech", id: "KTS-STAFF" },
        ],
        authInfo: "2fooBAR",
      },
      "DOM-ABC123-create-1",
    );
    const root = parseEpp(xml);
    const create = firstChild(child(child(root, NS.epp, "command"), NS.epp, "create"));
    expect([create?.namespaceURI, create?.localName]).toEqual([NS.domain, "create"]);
    expect(child(create, NS.domain, "period")?.getAttribute("unit")).toBe("y");
    expect(text(child(child(root, NS.epp, "command"), NS.epp, "clTRID"))).toBe("DOM-ABC123-create-1");
    expect(xml).toContain("<domain:hostObj>ns1.example.net</domain:hostObj>");
    const attrs = domainCreate(
      {
        name: "example.ug",
        years: 1,
        nameservers: { mode: "attributes", hosts: ["ns1.example.net"] },
        registrant: "KTSABC",
        contacts: [],
        authInfo: "x",
      },
      "T",
    );
    expect(attrs).toContain("<domain:hostAttr><domain:hostName>ns1.example.net</domain:hostName></domain:hostAttr>");
    const contact = contactCreate(
      {
        id: "KTSABC",
        name: "Aline <Uwase> & Co",
        organisation: null,
        street: "KG 7 Ave",
        city: "Kigali",
        country: "RW",
        voice: "+250.783456789",
        email: "aline@example.rw",
        authInfo: "x",
      },
      "T",
    );
    expect(contact).toContain("<contact:name>Aline &lt;Uwase&gt; &amp; Co</contact:name>");
    expect(firstChild(child(child(parseEpp(contact), NS.epp, "command"), NS.epp, "create"))?.namespaceURI).toBe(
      NS.contact,
    );
    expect(domainRenew("example.com", "2000-04-03", 5, "T")).toContain(
      '<domain:curExpDate>2000-04-03</domain:curExpDate><domain:period unit="y">5</domain:period>',
    );
  });
});
