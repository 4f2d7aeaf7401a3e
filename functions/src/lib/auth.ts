import type { FastifyReply, FastifyRequest } from "fastify";
import { forbidden, unauthorized } from "./errors.js";
import type { TokenService } from "./tokens.js";

export type Role = "buyer" | "admin";

export interface Principal {
  id: string;
  email: string;
  name: string;
  role: Role;
}

declare module "fastify" {
  interface FastifyRequest {
    principal: Principal | null;
  }
}

/** Looks a signed-in user up by id; null for unknown or removed users. */
export type PrincipalLookup = (userId: string) => Promise<Principal | null>;

export interface AuthGuards {
  /** onRequest hook: a signed-in user, buyer or admin. */
  user(request: FastifyRequest, reply: FastifyReply): Promise<void>;
  /** onRequest hook: a signed-in admin. */
  admin(request: FastifyRequest, reply: FastifyReply): Promise<void>;
}

export function bearerToken(request: FastifyRequest): string | null {
  const header = request.headers.authorization;
  if (!header) return null;
  const [scheme, token] = header.split(" ");
  return scheme?.toLowerCase() === "bearer" && token ? token : null;
}

/**
 * Guards run before the body is read, so a visitor gets 401 whatever they send.
 * The role comes from the database on every request, so Make Admin and Remove User act at once.
 */
export function createAuthGuards(tokens: TokenService, lookup: PrincipalLookup): AuthGuards {
  async function authenticate(request: FastifyRequest): Promise<Principal> {
    const token = bearerToken(request);
    if (!token) throw unauthorized();
    const claims = await tokens.verify(token);
    if (!claims) throw unauthorized("Your session has expired or is invalid. Sign in again.");
    const principal = await lookup(claims.userId);
    if (!principal) throw unauthorized("Your account is no longer active.");
    request.principal = principal;
    return principal;
  }
  return {
    async user(request) {
      await authenticate(request);
    },
    async admin(request) {
      const principal = await authenticate(request);
      if (principal.role !== "admin") throw forbidden("Only an admin can do this.");
    },
  };
}

/** The signed-in user of a route guarded by `user` or `admin`. */
export function currentUser(request: FastifyRequest): Principal {
  if (!request.principal) throw unauthorized();
  return request.principal;
}

export const sameEmail = (a: string, b: string) => a.trim().toLowerCase() === b.trim().toLowerCase();

/** Buyers may act on their own account only; admins on anyone's. */
export function assertSelfOrAdmin(principal: Principal, email: string): void {
  if (principal.role !== "admin" && !sameEmail(principal.email, email)) {
    throw forbidden("You can only access your own account.");
  }
}
