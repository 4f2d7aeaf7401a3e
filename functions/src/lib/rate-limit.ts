import type { FastifyInstance, FastifyRequest, preValidationHookHandler } from "fastify";
import type { Database } from "../db/client.js";
import { queryPrepared } from "../db/prepared.js";
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

export type Take = { allowed: true } | { allowed: false; retryAfterSeconds: number };

export interface RateLimitCounter {
  /** Counts one request of `key` in the current window, unless the window already holds `limit`. */
  take(key: string, limit: number): Promise<Take>;
}

export interface RateLimitCounterOptions {
  windowSeconds?: number;
}

const WINDOW_SECONDS = 60;

// The window is the database's clock cut into fixed slices, so every instance counts in the same
// one. One statement: the insert, or the increment of a window that has room, is atomic on the
// primary key, so a burst spread over any number of instances admits exactly `limit`. A window that
// is full is left as it is: a flood past the limit writes nothing.
const TAKE = `
  with slice as (
    select to_timestamp(floor(extract(epoch from now()) / $3::int) * $3::int) as start
  ), counted as (
    insert into rate_limit_counters as counter (window_start, key, count)
    select start, $1::text, 1 from slice
    on conflict (window_start, key) do update set count = counter.count + 1 where counter.count < $2::int
    returning counter.count
  )
  select (select count from counted) as count,
         ceil(extract(epoch from (start + make_interval(secs => $3::int) - now())))::int as seconds_left
  from slice`;

// Windows before the previous one are over for every instance, whatever its clock.
const SWEEP = `delete from rate_limit_counters where window_start < now() - make_interval(secs => 2 * $1::int)`;

/**
 * Fixed windows per key, counted in PostgreSQL: every API instance on the database shares one
 * count (docs/decisions/0010-rate-limits-in-postgresql.md). A request costs one indexed upsert,
 * whatever the number of keys. Windows that are over are deleted at most once a window per
 * instance, beside a request rather than in its way: one range of the primary key, each row once.
 */
export function createRateLimitCounter(db: Database, { windowSeconds = WINDOW_SECONDS }: RateLimitCounterOptions = {}): RateLimitCounter {
  let nextSweepAt = 0;

  function sweepNowAndThen() {
    if (Date.now() < nextSweepAt) return;
    nextSweepAt = Date.now() + windowSeconds * 1000;
    // Left for the next instance or window when the database cannot take it now.
    db.$client.query(SWEEP, [windowSeconds]).catch(() => undefined);
  }

  return {
    async take(key, limit) {
      const [row] = await queryPrepared<{ count: number | null; seconds_left: number }>(db, "rate_limit_take", TAKE, [key, limit, windowSeconds]);
      sweepNowAndThen();
      if (row && row.count !== null) return { allowed: true };
      return { allowed: false, retryAfterSeconds: Math.max(1, row?.seconds_left ?? windowSeconds) };
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
 * through its proxy (docs/decisions/0010-rate-limits-in-postgresql.md).
 */
export function trustProxyHops(hops: number): false | ((address: string, hop: number) => boolean) {
  if (hops <= 0) return false;
  // Hop 0 is the socket's peer, hop 1 the last X-Forwarded-For entry, and so on back to the client.
  return (_address, hop) => hop < hops;
}

// An address is at most 45 characters (IPv6 with an IPv4 tail); anything longer came from a client
// through a hop count set too high, and is cut rather than stored whole.
const ADDRESS_MAX_LENGTH = 64;

/**
 * Whose budget a request spends. A socket with no address (a Unix socket, as the Functions
 * emulator's runtime listens on) is one client: everything that reaches it shares one budget.
 */
const clientKey = (request: FastifyRequest, per: RateLimitRule["per"]) =>
  per === "user" && request.principal ? `user:${request.principal.id}` : `ip:${(request.ip ?? "none").slice(0, ADDRESS_MAX_LENGTH)}`;

function limiter(rule: RateLimitRule, counter: RateLimitCounter): preValidationHookHandler {
  const call = `${rule.method} ${rule.url}`;
  return async (request, reply) => {
    // A database that cannot be reached fails the request with the usual 503.
    const taken = await counter.take(`${call} ${clientKey(request, rule.per)}`, rule.limit);
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
export function registerRateLimits(app: FastifyInstance, rules: RateLimitRule[], counter: RateLimitCounter) {
  const active = rules.filter((rule) => rule.limit > 0);
  const matched = new Set<RateLimitRule>();
  app.addHook("onRoute", (route) => {
    const methods = asArray(route.method).map((m) => m.toUpperCase());
    for (const rule of active) {
      if (route.url !== rule.url || !methods.includes(rule.method)) continue;
      matched.add(rule);
      route.preValidation = [...asArray(route.preValidation), limiter(rule, counter)];
    }
  });
  app.addHook("onReady", async () => {
    const missing = active.filter((rule) => !matched.has(rule)).map((rule) => `${rule.method} ${rule.url}`);
    if (missing.length > 0) throw new Error(`Rate limits name routes that do not exist: ${missing.join(", ")}`);
  });
}
