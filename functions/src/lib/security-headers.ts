import type { FastifyInstance } from "fastify";

/**
 * The API answers JSON only, so a response has no business loading, framing or running anything:
 * the CSP allows nothing, and a browser that is tricked into rendering one as HTML runs no script.
 * The web app's own, looser policy is set by Firebase Hosting (firebase.json "headers").
 */
export const API_SECURITY_HEADERS: Readonly<Record<string, string>> = {
  "content-security-policy": "default-src 'none'; frame-ancestors 'none'",
  "strict-transport-security": "max-age=63072000; includeSubDomains",
  "x-content-type-options": "nosniff",
  "referrer-policy": "no-referrer",
  "x-frame-options": "DENY",
  "cross-origin-opener-policy": "same-origin",
  "cross-origin-resource-policy": "same-origin",
};

/**
 * Set on send rather than on request, so every answer carries them: a route's, the problem
 * handler's (4xx, 5xx, 429) and the not-found handler's.
 */
export function registerSecurityHeaders(app: FastifyInstance) {
  app.addHook("onSend", async (_request, reply, payload) => {
    reply.headers(API_SECURITY_HEADERS);
    return payload;
  });
}
