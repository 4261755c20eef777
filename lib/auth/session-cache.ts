// Who is behind an access token, without re-reading the whole viewer (user, spots, stations, fleet groups,
// menu settings: ~2 ms of planning and JSON on PostgreSQL) on every request. Each server keeps the viewer
// per session; every request still runs one light statement that checks the session is live and reads
// the versions the viewer depends on (lib/cache/epochs.ts), so logout, revocation, a role or spot change
// take effect on the next request, on every server sharing the database.
import { sql } from "drizzle-orm";
import type { Db } from "../db/client.ts";
import { preparedOnce } from "../db/prepared.ts";
import { type AccessClaims, verifyAccessToken } from "./tokens.ts";
import { loadViewerVersioned, type Viewer } from "../users/current-user.ts";
import {
  sameVersion,
  setRequestEpoch,
  versionFields,
  versionOf,
  type ViewerVersion,
} from "../cache/epochs.ts";

/** Sessions remembered per database; the least recently used go first. */
const MAX_SESSIONS = 5000;
/** Verified access tokens: a token is immutable, so its signature need be checked once. */
const MAX_TOKENS = 5000;

type Known = { viewer: Viewer; version: ViewerVersion };
// The server's entry and the Astro bundle each load this module: one store per process, on globalThis.
const KEY = Symbol.for("dsp.session-cache");
const store = ((globalThis as Record<symbol, {
  viewers: WeakMap<object, Map<string, Known>>;
  tokens: WeakMap<Uint8Array, Map<string, AccessClaims & { exp: number }>>;
}>)[KEY] ??= { viewers: new WeakMap(), tokens: new WeakMap() });

function mapOf<K extends object, V>(m: WeakMap<K, Map<string, V>>, k: K): Map<string, V> {
  let inner = m.get(k);
  if (!inner) m.set(k, inner = new Map());
  return inner;
}

function remember<V>(m: Map<string, V>, key: string, value: V, max: number): void {
  m.delete(key);
  m.set(key, value);
  if (m.size > max) m.delete(m.keys().next().value!);
}

/** The claims of a valid, unexpired access token, or null; a token's signature is checked once. */
export async function verifiedClaims(key: Uint8Array, token: string): Promise<AccessClaims | null> {
  const tokens = mapOf(store.tokens, key);
  const known = tokens.get(token);
  if (known) {
    if (known.exp > Date.now()) return { userId: known.userId, sessionId: known.sessionId };
    tokens.delete(token);
    return null;
  }
  const claims = await verifyAccessToken(key, token);
  if (!claims) return null;
  remember(tokens, token, { ...claims, exp: (claims.expiresAt ?? 0) * 1000 }, MAX_TOKENS);
  return { userId: claims.userId, sessionId: claims.sessionId };
}

/** Liveness and versions in one light statement (primary-key look-ups, prepared). */
async function checkSession(db: Db, claims: AccessClaims) {
  const statement = preparedOnce(db, "session_check", () =>
    db.select({
      live: sql<boolean>`(u.is_active and s.revoked_at is null and s.expires_at > now())`,
      ...versionFields(),
    }).from(sql`sessions s join users u on u.id = s.user_id`)
      .where(sql`s.id = ${sql.placeholder("sid")}::uuid and u.id = ${sql.placeholder("uid")}`)
      .prepare("session_check"));
  const [row] = await statement.execute({ sid: claims.sessionId, uid: claims.userId });
  return row?.live ? versionOf(row) : null;
}

/** The viewer of a live session, or null (revoked, expired, unknown, or the user deactivated). */
export async function sessionViewer(db: Db, claims: AccessClaims): Promise<Viewer | null> {
  const viewers = mapOf(store.viewers, db);
  const known = viewers.get(claims.sessionId);
  if (known && known.viewer.id === claims.userId) {
    const version = await checkSession(db, claims);
    if (!version) {
      viewers.delete(claims.sessionId);
      return null;
    }
    if (sameVersion(version, known.version)) {
      remember(viewers, claims.sessionId, known, MAX_SESSIONS);
      setRequestEpoch(db, version.org);
      return { ...known.viewer };
    }
  }
  const loaded = await loadViewerVersioned(db, claims.userId, claims.sessionId);
  if (!loaded) {
    viewers.delete(claims.sessionId);
    return null;
  }
  remember(viewers, claims.sessionId, loaded, MAX_SESSIONS);
  setRequestEpoch(db, loaded.version.org);
  return { ...loaded.viewer };
}
