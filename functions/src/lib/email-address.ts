/** RFC 5321's longest path (256) less its angle brackets. */
const ADDRESS_MAX = 254;
const LOCAL_PART_MAX = 64;
const DOMAIN_LABEL_MAX = 63;

/** RFC 5322 atext: what a dot-atom may hold besides its dots. No quote, space, comma, angle bracket, parenthesis, colon, semicolon, backslash or @. */
const DOT_ATOM_LOCAL = /^[a-z0-9!#$%&'*+/=?^_`{|}~-]+(?:\.[a-z0-9!#$%&'*+/=?^_`{|}~-]+)*$/;
const PRINTABLE_ASCII = /^[\x21-\x7e]+$/;
/** A host name label (letters, digits, inner hyphens); internationalised names arrive as their xn-- form. */
const DOMAIN_LABEL = /^[a-z0-9](?:[a-z0-9-]*[a-z0-9])?$/;

/**
 * The one form of an address the shop stores, compares and mails: a bare addr-spec, trimmed and
 * lower-cased, or null for anything else. A mail library reads `a victim@x`, `x;victim@x`,
 * `victim@x>` or `x(c)@x` as a display name, a list, a bracket or a comment and delivers to
 * someone else's address; only a spelling in which nothing can be read that way is accepted:
 * an ASCII dot-atom local part, and a domain of at least two host-name labels whose last one is
 * not all digits (no address literal, no dotless host). Quoted local parts are refused too: the
 * shop has no use for them and libraries disagree on them.
 */
export function canonicalAddress(input: string): string | null {
  const trimmed = input.trim();
  // Before lower-casing: the Kelvin sign (U+212A) lower-cases to an ASCII "k".
  if (!PRINTABLE_ASCII.test(trimmed) || trimmed.length > ADDRESS_MAX) return null;
  const address = trimmed.toLowerCase();
  const at = address.indexOf("@");
  if (at <= 0 || at !== address.lastIndexOf("@")) return null;
  const local = address.slice(0, at);
  const domain = address.slice(at + 1);
  if (local.length > LOCAL_PART_MAX || !DOT_ATOM_LOCAL.test(local)) return null;
  const labels = domain.split(".");
  if (labels.length < 2) return null;
  if (!labels.every((label) => label.length <= DOMAIN_LABEL_MAX && DOMAIN_LABEL.test(label))) return null;
  if (/^\d+$/.test(labels.at(-1)!)) return null;
  return address;
}

/** Whether the text is an address in its canonical form already, as stored and mailed. */
export const isCanonicalAddress = (input: string): boolean => canonicalAddress(input) === input;
