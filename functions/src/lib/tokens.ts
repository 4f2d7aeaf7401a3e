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

export function createTokenService(secret: string, ttlSeconds: number): TokenService {
  const key = new TextEncoder().encode(secret);
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
        return { userId: payload.sub, email: payload.email };
      } catch {
        return null;
      }
    },
  };
}
