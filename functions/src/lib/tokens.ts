import { jwtVerify, SignJWT } from "jose";

const ISSUER = "toolshop";
const AUDIENCE = "toolshop-api";

export interface TokenClaims {
  userId: string;
  email: string;
}

export interface TokenService {
  issue(claims: TokenClaims): Promise<string>;
  /** The claims of a valid token, or null for anything that does not verify. */
  verify(token: string): Promise<TokenClaims | null>;
}

/** How many verified tokens are remembered; a session sends the same token on every call. */
const VERIFIED_TOKENS_KEPT = 10_000;

export function createTokenService(secret: string, ttlSeconds: number): TokenService {
  const key = new TextEncoder().encode(secret);
  // Verifying a signature is the costliest step of an authenticated call, and a token's claims
  // cannot change, so a token that verified once is trusted until it expires.
  const verified = new Map<string, { claims: TokenClaims; expiresAtMs: number }>();
  const remember = (token: string, claims: TokenClaims, expiresAtMs: number) => {
    if (verified.size >= VERIFIED_TOKENS_KEPT) verified.delete(verified.keys().next().value!);
    verified.set(token, { claims, expiresAtMs });
  };
  return {
    issue: ({ userId, email }) =>
      new SignJWT({ email })
        .setProtectedHeader({ alg: "HS256", typ: "JWT" })
        .setSubject(userId)
        .setIssuer(ISSUER)
        .setAudience(AUDIENCE)
        .setIssuedAt()
        .setExpirationTime(`${ttlSeconds}s`)
        .sign(key),
    async verify(token) {
      const known = verified.get(token);
      if (known) {
        if (Date.now() < known.expiresAtMs) return known.claims;
        verified.delete(token);
      }
      try {
        // The server always sets exp and iat, so a token without them was not made here; and no
        // token outlives the configured lifetime, whatever its exp says.
        const { payload } = await jwtVerify(token, key, {
          algorithms: ["HS256"],
          issuer: ISSUER,
          audience: AUDIENCE,
          requiredClaims: ["exp", "iat", "sub"],
          maxTokenAge: ttlSeconds,
        });
        if (typeof payload.sub !== "string" || typeof payload.email !== "string") return null;
        const claims = { userId: payload.sub, email: payload.email };
        remember(token, claims, Math.min(payload.exp!, payload.iat! + ttlSeconds) * 1000);
        return claims;
      } catch {
        return null;
      }
    },
  };
}
