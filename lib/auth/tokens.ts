import { jwtVerify, SignJWT } from "jose";

export interface AccessClaims {
  userId: number;
  sessionId: string;
  /** Seconds since the epoch (exp), on verified tokens. */
  expiresAt?: number;
}

export async function signAccessToken(
  key: Uint8Array,
  claims: AccessClaims,
  seconds: number,
): Promise<string> {
  return await new SignJWT({ sid: claims.sessionId, typ: "access" })
    .setProtectedHeader({ alg: "HS256" })
    .setSubject(String(claims.userId))
    .setIssuedAt()
    .setExpirationTime(Math.floor(Date.now() / 1000) + seconds)
    .sign(key);
}

/** The claims of a valid, unexpired access token, or null. */
export async function verifyAccessToken(key: Uint8Array, token: string): Promise<AccessClaims | null> {
  try {
    const { payload } = await jwtVerify(token, key, { algorithms: ["HS256"] });
    if (payload.typ !== "access" || typeof payload.sid !== "string") return null;
    const userId = Number(payload.sub);
    return Number.isInteger(userId) ? { userId, sessionId: payload.sid, expiresAt: payload.exp } : null;
  } catch {
    return null;
  }
}

export function randomToken(): string {
  const bytes = crypto.getRandomValues(new Uint8Array(32));
  return btoa(String.fromCharCode(...bytes)).replaceAll("+", "-").replaceAll("/", "_").replace(/=+$/, "");
}

export async function sha256(text: string): Promise<string> {
  const digest = await crypto.subtle.digest("SHA-256", new TextEncoder().encode(text));
  return Array.from(new Uint8Array(digest), (b) => b.toString(16).padStart(2, "0")).join("");
}
