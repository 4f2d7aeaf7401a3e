import type { FastifyInstance, FastifyRequest, preValidationHookHandler } from "fastify";
import { AppError } from "./errors.js";

/** What one call may take: so many requests per window, counted per user or per client IP. */
export interface RateLimitRule {
  method: string;
  /** The route's URL as registered, prefix included: `/api/user/:email`. */
  url: string;
  /** 0 turns the limit off. */
  limit: number;
  /**
   * `user`: the signed-in user's id, which the auth guard took from the verified API token, so no
   * header can move a caller to another budget. `ip`: for calls made before there is a user.
   */
  per: "user" | "ip";
}

export interface RateLimitOptions {
  windowMs?: number;
  now?: () => number;
}

export type Take = { allowed: true } | { allowed: false; retryAfterSeconds: number };

const WINDOW_MS = 60_000;
// Expired windows are dropped once the map grows past this, so keys that came once do not pile up.
const SWEEP_ABOVE = 10_000;

/**
 * Fixed windows per key, in this process's memory: each instance counts on its own
 * (docs/decisions/0005-rate-limits-in-memory.md).
 */
export function createWindowCounter(limit: number, { windowMs = WINDOW_MS, now = Date.now }: RateLimitOptions = {}) {
  const windows = new Map<string, { count: number; resetAt: number }>();

  function sweep(at: number) {
    for (const [key, window] of windows) if (window.resetAt <= at) windows.delete(key);
  }

  return {
    take(key: string): Take {
      const at = now();
      let window = windows.get(key);
      if (!window || window.resetAt <= at) {
        if (windows.size >= SWEEP_ABOVE) sweep(at);
        window = { count: 0, resetAt: at + windowMs };
        windows.set(key, window);
      }
      if (window.count >= limit) return { allowed: false, retryAfterSeconds: Math.max(1, Math.ceil((window.resetAt - at) / 1000)) };
      window.count += 1;
      return { allowed: true };
    },
    get size() {
      return windows.size;
    },
  };
}

export const tooManyRequests = (retryAfterSeconds: number) =>
  new AppError(
    429,
    "rate_limited",
    "Too Many Requests",
    `Too many requests. Please wait ${retryAfterSeconds} second${retryAfterSeconds === 1 ? "" : "s"} and try again.`,
  );

/**
 * Fastify's `trustProxy` for `hops` proxies that each append the address they saw to X-Forwarded-For:
 * `request.ip` is then the entry `hops` from the end, the one the outermost trusted proxy wrote, and
 * whatever a client puts in front of it is never read. 0 ignores the header and takes the socket's
 * address. Given as a function, because Fastify 5.12 refuses a plain hop count (it trusts nothing
 * for a number, as it cannot check the peer); the deployment vouches for the peer instead: only
 * Google's front end can reach the function, and a plain server with hops > 0 must be reachable only
 * through its proxy (docs/decisions/0005-rate-limits-in-memory.md).
 */
export function trustProxyHops(hops: number): false | ((address: string, hop: number) => boolean) {
  if (hops <= 0) return false;
  // Hop 0 is the socket's peer, hop 1 the last X-Forwarded-For entry, and so on back to the client.
  return (_address, hop) => hop < hops;
}

const clientKey = (request: FastifyRequest, per: RateLimitRule["per"]) =>
  per === "user" && request.principal ? `user:${request.principal.id}` : `ip:${request.ip}`;

function limiter(rule: RateLimitRule, options: RateLimitOptions): preValidationHookHandler {
  const counter = createWindowCounter(rule.limit, options);
  return async (request, reply) => {
    const taken = counter.take(clientKey(request, rule.per));
    if (taken.allowed) return;
    // The problem handler keeps headers already set on the reply.
    reply.header("retry-after", String(taken.retryAfterSeconds));
    throw tooManyRequests(taken.retryAfterSeconds);
  };
}

const asArray = <T>(value: T | T[] | undefined): T[] => (value === undefined ? [] : Array.isArray(value) ? value : [value]);

/**
 * Attaches each rule to its route as that route is registered, so the modules' routes stay as they
 * are. The count runs after the route's auth guard (onRequest), which names the user, and before the
 * body is validated, so malformed requests count too. Call before the routes are registered; a rule
 * that matches no route fails the start rather than silently limiting nothing.
 */
export function registerRateLimits(app: FastifyInstance, rules: RateLimitRule[], options: RateLimitOptions = {}) {
  const active = rules.filter((rule) => rule.limit > 0);
  const matched = new Set<RateLimitRule>();
  app.addHook("onRoute", (route) => {
    const methods = asArray(route.method).map((m) => m.toUpperCase());
    for (const rule of active) {
      if (route.url !== rule.url || !methods.includes(rule.method)) continue;
      matched.add(rule);
      route.preValidation = [...asArray(route.preValidation), limiter(rule, options)];
    }
  });
  app.addHook("onReady", async () => {
    const missing = active.filter((rule) => !matched.has(rule)).map((rule) => `${rule.method} ${rule.url}`);
    if (missing.length > 0) throw new Error(`Rate limits name routes that do not exist: ${missing.join(", ")}`);
  });
}
