import { toASCII, toUnicode, type ToASCIIOptions } from "tr46";
import type { IdnaProcessor, IdnaResult } from "#contracts/domains.ts";

/**
 * UTS #46 (Unicode IDNA Compatibility Processing) with tr46, the implementation jsdom and whatwg-url
 * maintain: non-transitional, STD3 rules, CheckBidi (RFC 5893), CheckJoiners (RFC 5892 A.1/A.2).
 * tr46 6.x is the newest line that runs on Node 20 (7.x needs Node 22.14 or 24); the browser bundle
 * does not carry its tables (60 KB gzip): the server's answer is the one that counts.
 * Hyphens and lengths are checked by the contract (checkHostName) on the Unicode label with their
 * own messages, so they are off here; when tr46 refuses, the checks are switched on one by one to
 * name the rule that failed.
 */

const BASE: ToASCIIOptions = {
  checkHyphens: false,
  checkBidi: false,
  checkJoiners: false,
  useSTD3ASCIIRules: false,
  verifyDNSLength: false,
  transitionalProcessing: false,
};
const STRICT: ToASCIIOptions = { ...BASE, useSTD3ASCIIRules: true, checkBidi: true, checkJoiners: true };

function firstRefused(name: string, options: ToASCIIOptions): string | null {
  for (const ch of name) {
    if (ch === ".") continue;
    // Alone, a combining mark fails for starting a label; after a letter, only a disallowed one fails.
    if (toASCII(`a${ch}`, options) === null) return ch;
  }
  return null;
}

function diagnose(name: string): IdnaResult {
  if (toASCII(name, BASE) === null) {
    const labels = name.split(/[.\u3002\uff0e\uff61]/);
    if (labels.some((label) => /^xn--/i.test(label) && toASCII(label, BASE) === null))
      return { ok: false, code: "invalidIdn" };
    const refused = firstRefused(name, BASE);
    if (refused) return { ok: false, code: "disallowedCharacter", values: { char: refused } };
    return { ok: false, code: "combiningMark" };
  }
  if (toASCII(name, { ...BASE, useSTD3ASCIIRules: true }) === null) {
    const refused = firstRefused(name, { ...BASE, useSTD3ASCIIRules: true });
    if (refused && refused.codePointAt(0)! >= 0x80)
      return { ok: false, code: "disallowedCharacter", values: { char: refused } };
    return { ok: false, code: "characters" };
  }
  if (toASCII(name, { ...BASE, useSTD3ASCIIRules: true, checkJoiners: true }) === null)
    return { ok: false, code: "joiner" };
  return { ok: false, code: "bidi" };
}

export const tr46Idna: IdnaProcessor = {
  toAscii(name) {
    const ascii = toASCII(name, STRICT);
    if (ascii === null) return diagnose(name);
    const unicode = toUnicode(ascii, STRICT);
    if (unicode.error) return diagnose(name);
    return { ok: true, ascii, unicode: unicode.domain };
  },
};
