import { describe, expect, it } from "vitest";
import { canonicalAddress, isCanonicalAddress } from "./email-address.js";

describe("canonicalAddress", () => {
  it.each([
    ["buyer@toolshop.test", "buyer@toolshop.test"],
    ["  Bob.Buyer@Example.COM ", "bob.buyer@example.com"],
    ["first.last+orders@mail.example.co.uk", "first.last+orders@mail.example.co.uk"],
    ["o'neil@example.com", "o'neil@example.com"],
    ["a!#$%&*/=?^_`{|}~-@sub-domain.example.com", "a!#$%&*/=?^_`{|}~-@sub-domain.example.com"],
    ["user@xn--bcher-kva.example", "user@xn--bcher-kva.example"],
  ])("when given %j, then its canonical form is %j", (input, canonical) => {
    expect(canonicalAddress(input)).toBe(canonical);
  });

  it.each([
    // The spellings a mail library reads as someone else's address.
    ["a display name", "a victim@x.test"],
    ["a list", "x;victim@x.test"],
    ["a list with a comma", "x,victim@x.test"],
    ["a stray angle bracket", "victim@x.test>"],
    ["angle brackets", "Mallory <victim@x.test>"],
    ["a bracketed address", "<victim@x.test>"],
    ["a comment", "x(c)@x.test"],
    ["a comment after the domain", "x@x.test(c)"],
    ["a group", "g:victim@x.test;"],
    ["a quoted local part", '"victim@x.test"@evil.test'],
    ["a quoted local part with a space", '"a b"@x.test'],
    ["a backslash", "a\\@x.test"],
    ["two @", "a@b@x.test"],
    ["no @", "victim.x.test"],
    ["an empty local part", "@x.test"],
    ["an empty domain", "victim@"],
    ["a dotless domain", "victim@x"],
    ["an address literal", "victim@[127.0.0.1]"],
    ["a numeric top-level label", "victim@127.0.0.1"],
    ["a space inside", "vic tim@x.test"],
    ["a tab inside", "vic\ttim@x.test"],
    ["CR/LF and a header", "victim@x.test\r\nBcc: other@x.test"],
    ["a line feed inside", "vic\ntim@x.test"],
    ["a NUL", "victim\u0000@x.test"],
    ["a leading dot", ".victim@x.test"],
    ["a trailing dot in the local part", "victim.@x.test"],
    ["a double dot in the local part", "vic..tim@x.test"],
    ["a trailing dot in the domain", "victim@x.test."],
    ["a double dot in the domain", "victim@x..test"],
    ["a label starting with a hyphen", "victim@-x.test"],
    ["a label ending with a hyphen", "victim@x-.test"],
    ["an underscore in the domain", "victim@x_y.test"],
    ["unicode in the local part", "vïctim@x.test"],
    ["unicode in the domain", "victim@bücher.test"],
    ["the Kelvin sign, which lower-cases to k", "\u212Aate@x.test"],
    ["a full-width at sign", "victim\uFF20x.test"],
    ["a zero-width space", "vic\u200Btim@x.test"],
    ["an empty string", ""],
    ["only spaces", "   "],
    ["a local part over 64 characters", `${"a".repeat(65)}@x.test`],
    ["a label over 63 characters", `a@${"b".repeat(64)}.test`],
    ["over 254 characters", `a@${Array.from({ length: 26 }, () => "b".repeat(9)).join(".")}.test`],
  ])("when given %s, then it is refused", (_, input) => {
    expect(canonicalAddress(input)).toBeNull();
  });

  it("when an address is 254 characters, then it is accepted, and at 255 it is not", () => {
    // 64 + "@" + three labels of 60 + "." + "test" … padded to the length wanted.
    const withLength = (length: number) => {
      const fixed = `${"a".repeat(64)}@${"b".repeat(60)}.${"c".repeat(60)}.test`;
      return `${"a".repeat(64)}@${"d".repeat(length - fixed.length - 1)}.${fixed.slice(65)}`;
    };
    expect(withLength(254)).toHaveLength(254);
    expect(canonicalAddress(withLength(254))).toBe(withLength(254));
    expect(canonicalAddress(withLength(255))).toBeNull();
  });

  it("when an address is canonical already, then isCanonicalAddress says so, and not for another spelling of it", () => {
    expect(isCanonicalAddress("bob@x.test")).toBe(true);
    expect(isCanonicalAddress("Bob@x.test")).toBe(false);
    expect(isCanonicalAddress(" bob@x.test")).toBe(false);
    expect(isCanonicalAddress("a victim@x.test")).toBe(false);
  });
});
