import { isIP } from "node:net";
import type { FastifyInstance, FastifyRequest, preValidationHookHandler } from "fastify";
import type { RateLimitSettings } from "../config/env.js";
import { AppError } from "./errors.js";

/**
 * A route's rate limit, declared in its own options as `config: { rateLimit: { limit, per } }`:
 * which of the deployment's limits (config/env.ts) it spends, and whose requests it counts.
 */
export interface RateLimitDeclaration {
  /** The setting holding the requests per minute; a setting of 0 turns the limit off. */
  limit: keyof RateLimitSettings;
  /**
   * `user`: the signed-in user's id, which the auth guard took from the verified API token, so no
   * header can move a caller to another budget. `ip`: for calls made before there is a user.
   */
  per: "user" | "ip";
}

declare module "fastify" {
  interface FastifyContextConfig {
    rateLimit?: RateLimitDeclaration;
  }
}

export type Take = { allowed: true } | { allowed: false; retryAfterSeconds: number };

/**
 * Where the requests are counted: the port a store implements (PostgreSQL's is
 * db/rate-limit-counter.ts). Every API instance on one store shares its counts, so a limit holds
 * for the deployment, not for each instance (docs/decisions/0010-rate-limits-in-postgresql.md).
 */
export interface RateLimitCounter {
  /**
   * Counts one request of `key` in the current window, unless the window already holds `limit`.
   * Windows are fixed slices of the store's clock, the same for every instance. Of any number of
   * requests at once, from any number of instances, exactly `limit` are allowed; a refused request
   * counts nothing, so refusals never push the window out, and `retryAfterSeconds` (at least 1) is
   * what is left of the window. Rejects when the store cannot be reached.
   */
  take(key: string, limit: number): Promise<Take>;
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

/**
 * An address as a budget: IPv4 as it is, IPv4-mapped IPv6 as its IPv4 address, and any other IPv6
 * address as its /64, the block one household or one server is handed, so a client cannot take a
 * new budget for each of the 2^64 addresses it can choose from within it.
 */
export function addressBudget(address: string): string | null {
  const kind = isIP(address);
  if (kind === 4) return address;
  if (kind !== 6) return null;
  const groups = ipv6Groups(address);
  const mapped = groups.slice(0, 5).every((group) => group === 0) && groups[5] === 0xffff;
  if (mapped) return [groups[6]! >> 8, groups[6]! & 0xff, groups[7]! >> 8, groups[7]! & 0xff].join(".");
  return `${groups.slice(0, 4).map((group) => group.toString(16)).join(":")}::/64`;
}

/** The eight 16-bit groups of an address `isIP` called IPv6: `::` expanded, a dotted tail as two groups. */
function ipv6Groups(address: string): number[] {
  const bare = address.split("%")[0]!;
  const dotted = /(\d+)\.(\d+)\.(\d+)\.(\d+)$/.exec(bare);
  const hex = dotted
    ? `${bare.slice(0, dotted.index)}${((Number(dotted[1]) << 8) | Number(dotted[2])).toString(16)}:${((Number(dotted[3]) << 8) | Number(dotted[4])).toString(16)}`
    : bare;
  const [head, tail] = hex.split("::") as [string, string | undefined];
  const parse = (part: string | undefined) => (part ? part.split(":").map((group) => parseInt(group, 16)) : []);
  const front = parse(head);
  const back = parse(tail);
  return tail === undefined ? front : [...front, ...new Array<number>(8 - front.length - back.length).fill(0), ...back];
}

/**
 * The address a request counts under. Fastify's `request.ips` lists the socket's peer and then the
 * X-Forwarded-For entries the trusted hops wrote, nearest first; `request.ip` is the last of them.
 * An entry that is not an IP address (a client's own text, read because no proxy, or fewer than the
 * hop count, stands in front) ends the walk, so the request counts under the nearest address that
 * was one: with one trusted hop, the connection's own. A socket with no address (a Unix socket, as
 * the Functions emulator's runtime listens on) is one client: everything that reaches it shares one
 * budget.
 */
export function clientAddress(request: Pick<FastifyRequest, "ip" | "ips">): string {
  const [peer, ...forwarded] = request.ips ?? [request.ip];
  let address = (peer && addressBudget(peer)) || "none";
  for (const entry of forwarded) {
    const budget = addressBudget(entry);
    if (budget === null) break;
    address = budget;
  }
  return address;
}

/** Whose budget a request spends: the signed-in user's, or the client address's. */
const clientKey = (request: FastifyRequest, per: RateLimitDeclaration["per"]) =>
  per === "user" && request.principal ? `user:${request.principal.id}` : `ip:${clientAddress(request)}`;

/** `call` names the route's budget in the counter's keys: `POST /api/orders`. */
function limiter(call: string, per: RateLimitDeclaration["per"], limit: number, counter: RateLimitCounter): preValidationHookHandler {
  return async (request, reply) => {
    // A store that cannot be reached fails the request with the usual 503.
    const taken = await counter.take(`${call} ${clientKey(request, per)}`, limit);
    if (taken.allowed) return;
    // The problem handler keeps headers already set on the reply.
    reply.header("retry-after", String(taken.retryAfterSeconds));
    throw tooManyRequests(taken.retryAfterSeconds);
  };
}

const asArray = <T>(value: T | T[] | undefined): T[] => (value === undefined ? [] : Array.isArray(value) ? value : [value]);

/**
 * Gives each route that declares a rate limit its counter, as the route is registered. The count
 * runs after the route's auth guard (onRequest), which names the user, and before the body is
 * validated, so malformed requests count too. Call before the routes are registered.
 */
export function registerRateLimits(app: FastifyInstance, limits: RateLimitSettings, counter: RateLimitCounter) {
  app.addHook("onRoute", (route) => {
    const declared = route.config?.rateLimit;
    if (!declared) return;
    const limit: number | undefined = limits[declared.limit];
    // A name no setting holds fails the start rather than silently limiting nothing.
    if (limit === undefined) throw new Error(`${route.url} declares the rate limit "${declared.limit}", which config/env.ts does not set`);
    if (limit === 0) return;
    const call = `${asArray(route.method).map((method) => method.toUpperCase()).join(",")} ${route.url}`;
    route.preValidation = [...asArray(route.preValidation), limiter(call, declared.per, limit, counter)];
  });
}
