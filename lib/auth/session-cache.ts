// Who is behind an access token, without re-reading the whole viewer (user, spots, stations, fleet groups,
// menu settings: ~2 ms of planning and JSON on PostgreSQL) on every request. Each server keeps the viewer
// per session; every request still runs one light statement that checks the session is live and reads
// the versions the viewer depends on (lib/cache/epochs.ts), so logout, revocation, a role or spot change
// take effect on the next request, on every server sharing the database.
import { type SQL, sql } from "drizzle-orm";
import type { Db } from "../db/client.ts";
import { preparedOnce } from "../db/prepared.ts";
import { type AccessClaims, verifyAccessToken } from "./tokens.ts";
import { timed } from "../log/request-context.ts";
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

/** A session is live: not revoked, not expired, its user active (sessions `s`, users `u`). */
const LIVE = sql<boolean>`(u.is_active and s.revoked_at is null and s.expires_at > now())`;

/** Liveness and versions in one light statement (primary-key look-ups, prepared). */
async function checkSession(db: Db, claims: AccessClaims) {
  const statement = preparedOnce(db, "session_check", () =>
    db.select({ live: LIVE, ...versionFields() })
      .from(sql`sessions s join users u on u.id = s.user_id`)
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

/**
 * A remembered viewer not yet checked against the database (lib/web/identify.ts hands one to the routes
 * that check it inside their own write: lib/web/endpoint.ts). Either a statement guarded by `sessionGuard`
 * succeeds, which confirms the session in the same round trip, or `ensure` checks it as every other
 * request does. Nothing is written, and no answer leaves, before one of the two.
 */
export class PendingSession {
  /** Set once a guarded statement or `ensure` has confirmed the session unchanged. */
  confirmed = false;
  #checked: Promise<Viewer | null> | undefined;
  readonly #db: Db;
  readonly claims: AccessClaims;
  readonly version: ViewerVersion;

  constructor(db: Db, claims: AccessClaims, version: ViewerVersion) {
    this.#db = db;
    this.claims = claims;
    this.version = version;
  }

  /** The session checked as usual (once): the current viewer, or null when it is no longer live. */
  check(): Promise<Viewer | null> {
    return this.#checked ??= timed("session", () => sessionViewer(this.#db, this.claims));
  }

  /** Whether the check found the viewer the request started with (same user row, spots, org data). */
  async unchanged(): Promise<boolean> {
    if (this.confirmed) return true;
    if (!(await this.check())) return false;
    const known = mapOf(store.viewers, this.#db).get(this.claims.sessionId);
    this.confirmed = known !== undefined && sameVersion(known.version, this.version);
    return this.confirmed;
  }

  /** Checks the session now, before a write without the guard: throws SessionChanged unless unchanged. */
  async ensure(): Promise<void> {
    if (!(await this.unchanged())) throw new SessionChanged();
  }

  /** The guard's placeholder values (see sessionGuard). */
  guardValues(): Record<string, unknown> {
    return {
      s_sid: this.claims.sessionId,
      s_uid: this.claims.userId,
      s_row: this.version.row,
      s_user: this.version.user,
      s_org: this.version.org,
    };
  }
}

/** The viewer is not the one a pending session assumed (or is gone): the edge answers anew or 401s. */
export class SessionChanged extends Error {
  constructor() {
    super("The session changed while the request ran.");
  }
}

/**
 * SQL true while the pending session is live with the versions it was remembered at: the same test as
 * checkSession, for a write's WHERE. Placeholders s_sid, s_uid, s_row, s_user, s_org (guardValues).
 */
export function sessionGuard(): SQL {
  const v = versionFields();
  return sql`exists (select 1 from sessions s join users u on u.id = s.user_id
    where s.id = ${sql.placeholder("s_sid")}::uuid and u.id = ${sql.placeholder("s_uid")} and ${LIVE}
      and ${v.row_version} = ${sql.placeholder("s_row")}::text and ${v.user_epoch} = ${
    sql.placeholder("s_user")
  }::text
      and ${v.org_epoch} = ${sql.placeholder("s_org")}::text)`;
}

/**
 * The remembered viewer of the session, unchecked, with the check still to make; null when this server
 * does not remember it (the caller then checks as usual).
 */
export function pendingViewer(
  db: Db,
  claims: AccessClaims,
): { viewer: Viewer; pending: PendingSession } | null {
  const known = mapOf(store.viewers, db).get(claims.sessionId);
  if (!known || known.viewer.id !== claims.userId) return null;
  setRequestEpoch(db, known.version.org);
  return { viewer: { ...known.viewer }, pending: new PendingSession(db, claims, known.version) };
}
