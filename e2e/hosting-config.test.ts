import { readFileSync } from "node:fs";
import { describe, expect, it } from "vitest";

// What firebase.json deploys, read as a file: no stack needed. What the emulators add to it for a
// local run (scripts/start.mjs) is checked through the running stack in stack.test.ts.

interface HostingHeaderRule {
  source: string;
  headers: { key: string; value: string }[];
}

const firebaseJson = JSON.parse(readFileSync(new URL("../firebase.json", import.meta.url), "utf8")) as {
  hosting: { headers: HostingHeaderRule[] };
};

/** Any loopback or unspecified address, by name or number, with or without a port. */
const LOCAL_ADDRESS = /\b(localhost|127(\.\d{1,3}){3}|0\.0\.0\.0)\b|\[::1?\]/i;

describe("firebase.json as deployed", () => {
  it("when its hosting headers are deployed, then none of them, the page's CSP above all, names a local address such as the Auth emulator's", () => {
    const headers = firebaseJson.hosting.headers.flatMap((rule) => rule.headers.map((header) => ({ ...header, source: rule.source })));
    expect(headers.some((header) => header.key.toLowerCase() === "content-security-policy" && header.source === "**")).toBe(true);
    const local = headers.filter((header) => LOCAL_ADDRESS.test(header.value)).map((header) => `${header.source} ${header.key}: ${header.value}`);
    expect(local).toEqual([]);
  });
});
