// The authorization matrix (issue 16, point 1), generated from the two tables that say who may do what: every
// page route (PAGES of lib/auth/permissions.ts, and every route file under routes/) and every API operation
// (the OpenAPI registry, lib/web/openapi.ts) x every role x own vs foreign station x signed out. A route or
// handler that enters the app is in the matrix the day it exists; one without an entry fails it.
//
// Each role is a user of the lowest reach: a spot at station 1 only, so stations 2 and 3 are foreign. Rows
// only foreign stations hold are marked (DA and staff names, van numbers, scanner serials) and no answer to
// these users may carry the mark, nor a `station` field naming a foreign station. One app, bearer tokens,
// requests run a few at a time.
import assert from "node:assert/strict";
import { readdirSync, statSync } from "node:fs";
import { join, relative } from "node:path";
import { sql } from "drizzle-orm";
import { startTestApp } from "../helpers/app.ts";
import { ACTIONS, canOpen, PAGES } from "../../lib/auth/permissions.ts";
import { STAFF_ROLES } from "../../lib/auth/roles.ts";
import { jsonSchema, type Operation, operations } from "../../lib/web/openapi.ts";
import { makeDriver, makeSpot, makeUser } from "../../lib/demo/factories.ts";
import { COMMON, FORBIDDEN_TEXT } from "../../lib/errors.ts";
import { rowsOf } from "../../lib/db/rows.ts";
import { hashPassword } from "../../lib/auth/password.ts";

const app = await startTestApp({ engine: "postgres" });
globalThis.addEventListener("unload", () => void app.close());
const db = app.db.db;

const OWN = 1;
const FOREIGN = [2, 3];
const MARK = "Zqxforeignmark";
const PASSWORD = "matrix-pass-1";
const MISSING_ID = 999_999;

// ------------------------------------------------------------------ the users and the marked foreign rows

const emailOf = (role: number) => `matrix.role${role}@example.com`;
const userIds = new Map<number, number>();
for (const role of STAFF_ROLES) {
  const u = await makeUser(db, { role, password: PASSWORD, email: emailOf(role), isStaff: true, status: 1 });
  await makeSpot(db, u.id, OWN);
  userIds.set(role, u.id);
}
const driver = await makeDriver(db, {
  passwordHash: await hashPassword(PASSWORD),
  email: "matrix.driver@example.com",
});
await makeSpot(db, driver.id, OWN);
const foreignStaff = await makeUser(db, { role: 2, lastName: `Staff ${MARK}`, status: 1 });
await makeSpot(db, foreignStaff.id, 3);

const onlyForeign = sql`(select user_id from station_spots group by user_id
  having bool_and(station_id <> ${OWN}))`;
await db.execute(sql`update users set last_name = last_name || ${" " + MARK}
  where role = 5 and id in ${onlyForeign}`);
await db.execute(sql`update vans set number = number || ${MARK}, plate_number = plate_number || ${MARK}
  where station_id <> ${OWN}`);
await db.execute(
  sql`update scanners set serial_number = serial_number || ${MARK} where station_id <> ${OWN}`,
);
// A budget at a foreign station, so that its {id} routes have a row to be refused.
await db.execute(sql`insert into budgets (station_id, month, year, budget_no_of_routes,
  budget_no_of_deliveries, budget_no_of_da, budget_no_of_fleet)
  values (${FOREIGN[0]}, 1, 2020, 1, 1, 1, 1) on conflict do nothing`);

/** One foreign row per kind of {id}, by the path's first segment; null where the rows are org-wide. */
async function firstId(query: ReturnType<typeof sql>): Promise<number | undefined> {
  return rowsOf<{ id: number }>(await db.execute(query))[0]?.id;
}
const FOREIGN_IDS: Record<string, () => Promise<number | undefined | null>> = {
  users: () => Promise.resolve(foreignStaff.id),
  staff: () => Promise.resolve(foreignStaff.id),
  "driver-model": () => firstId(sql`select id from users where role = 5 and id in ${onlyForeign} limit 1`),
  van: () => firstId(sql`select id from vans where station_id <> ${OWN} limit 1`),
  budget: () => firstId(sql`select id from budgets where station_id <> ${OWN} limit 1`),
  "da-daily-report": () => firstId(sql`select id from shift_reports where station_id <> ${OWN} limit 1`),
  "da-daily-report-record": () =>
    firstId(sql`select r.id from shift_records r join shift_reports p on p.id = r.report_id
      where p.station_id <> ${OWN} limit 1`),
  "driver-van-assignment": () =>
    firstId(sql`select r.id from shift_records r join shift_reports p on p.id = r.report_id
      where p.station_id <> ${OWN} limit 1`),
  imports: () => firstId(sql`select id from amazon_imports where station_id <> ${OWN} limit 1`),
  "check-weekly": () => firstId(sql`select id from check_weeks where station_id <> ${OWN} limit 1`),
  "check-daily": () =>
    firstId(sql`select d.id from check_days d join check_weeks w on w.id = d.check_week_id
      where w.station_id <> ${OWN} limit 1`),
  actions: () => firstId(sql`select id from coaching_actions where station_id <> ${OWN} limit 1`),
  /** /api/ikea-actions/{id}/: an IKEA action (the demo's are at DTO3, a foreign station here) */
  "ikea-actions": () =>
    firstId(sql`select id from coaching_actions where customer = 'ikea' and station_id <> ${OWN} limit 1`),
  /** /api/scoreboard/drafts/{id}/: a coaching draft of another station's week */
  scoreboard: () => firstId(sql`select id from coaching_drafts where station_id <> ${OWN} limit 1`),
  "ikea-weekly": () => firstId(sql`select id from ikea_weeks where station_id <> ${OWN} limit 1`),
  "ikea-daily": () =>
    firstId(sql`select d.id from ikea_days d join ikea_weeks w on w.id = d.ikea_week_id
      where w.station_id <> ${OWN} limit 1`),
  /** /api/setup/{entity}/{id}/: vans and scanners belong to a station; the other sections are org-wide. */
  setup: () => Promise.resolve(null),
};
const SETUP_FOREIGN: Record<string, () => Promise<number | undefined>> = {
  vans: () => firstId(sql`select id from vans where station_id <> ${OWN} limit 1`),
  scanners: () => firstId(sql`select id from scanners where station_id <> ${OWN} limit 1`),
};

// ------------------------------------------------------------------ tokens and requests

async function tokenFor(email: string): Promise<{ status: number; access?: string }> {
  const res = await fetch(app.url + "/api/auth/token/", {
    method: "POST",
    headers: { "content-type": "application/json" },
    body: JSON.stringify({ email, password: PASSWORD }),
  });
  const body = await res.json();
  return { status: res.status, access: body.access };
}
const tokens = new Map<number, string>();
for (const role of STAFF_ROLES) {
  const t = await tokenFor(emailOf(role));
  assert.equal(t.status, 200, `role ${role} signs in`);
  tokens.set(role, t.access!);
}

interface Answer {
  status: number;
  code?: string;
  detail?: string;
  text: string;
  location: string | null;
  type: string;
}

async function call(
  method: string,
  path: string,
  opts: { token?: string; body?: "json" | "form" } = {},
): Promise<Answer> {
  const headers = new Headers();
  if (opts.token) headers.set("authorization", `Bearer ${opts.token}`);
  let body: BodyInit | undefined;
  if (opts.body === "json") {
    headers.set("content-type", "application/json");
    body = "{}";
  } else if (opts.body === "form") body = new FormData();
  if (method !== "GET" && !opts.token) headers.set("origin", app.url);
  const res = await fetch(app.url + path, { method, headers, body, redirect: "manual" });
  const text = await res.text();
  const type = res.headers.get("content-type") ?? "";
  let code: string | undefined, detail: string | undefined;
  if (type.startsWith("application/json") && text) {
    try {
      ({ code, detail } = JSON.parse(text));
    } catch { /* not an error body */ }
  }
  const loc = res.headers.get("location");
  return { status: res.status, code, detail, text, type, location: loc && new URL(loc, app.url).pathname };
}

/** Runs the checks a few at a time: one app, two cores. */
async function runAll(jobs: (() => Promise<unknown>)[], width = 6): Promise<void> {
  let next = 0;
  await Promise.all(Array.from({ length: width }, async () => {
    while (next < jobs.length) await jobs[next++]();
  }));
}

// ------------------------------------------------------------------ what a leak looks like

const STATION_KEYS = new Set(["station", "station_id", "stationId"]);

/** Why this answer shows a foreign station's row, or null. */
function leakIn(text: string, type: string): string | null {
  if (text.includes(MARK)) {
    const at = text.indexOf(MARK);
    return `carries a foreign row: …${text.slice(Math.max(0, at - 80), at + 20)}…`;
  }
  if (!type.startsWith("application/json")) return null;
  let found: string | null = null;
  const walk = (node: unknown): void => {
    if (found || !node || typeof node !== "object") return;
    if (Array.isArray(node)) return node.forEach(walk);
    for (const [k, v] of Object.entries(node)) {
      // A person's spots may name other stations too; a person with none at the viewer's is a leak.
      if (k === "station_spots" && Array.isArray(v)) {
        const ids = v.map((spot) => spot?.station?.id ?? spot?.station);
        if (ids.length && !ids.includes(OWN)) found = `a person only at stations ${ids}`;
        continue;
      }
      const id = typeof v === "number" ? v : (v && typeof v === "object" && "id" in v) ? v.id : undefined;
      if (STATION_KEYS.has(k) && typeof id === "number" && id !== OWN) {
        found = `a row of station ${id}: ${JSON.stringify(node).slice(0, 160)}`;
        return;
      }
      walk(v);
    }
  };
  try {
    walk(JSON.parse(text));
  } catch { /* not JSON after all */ }
  return found;
}

// ------------------------------------------------------------------ requests an operation is called with

/** Values for required query parameters, by name or type, so a list answers rather than refuses. */
function sampleQuery(op: Operation, station?: number): URLSearchParams {
  const q = new URLSearchParams();
  if (!op.query) return q;
  const s = jsonSchema(op.query) as {
    properties?: Record<string, { enum?: unknown[]; type?: string }>;
    required?: string[];
  };
  const today = new Date().toISOString().slice(0, 10);
  const named: Record<string, string> = {
    week: "1",
    year: String(new Date().getUTCFullYear()),
    month: String(new Date().getUTCMonth() + 1),
    week_date: today,
    date_from: today,
    date_to: today,
  };
  for (const name of s.required ?? []) {
    const prop = s.properties?.[name] ?? {};
    q.set(name, prop.enum ? String(prop.enum[0]) : named[name] ?? (prop.type === "string" ? today : "1"));
  }
  if (station !== undefined) {
    for (const key of ["station", "station_id"]) if (s.properties?.[key]) q.set(key, String(station));
  }
  return q;
}
const takesStation = (op: Operation) =>
  !!op.query && ["station", "station_id"].some((k) => k in op.query!.shape);

/** The path's parameters filled in: each value of an enum parameter (/api/setup/{entity}/), ids as given. */
function concretePaths(op: Operation, id: number): { path: string; entity?: string }[] {
  const entityEnum = op.params?.entity
    ? (jsonSchema(op.params.entity) as { enum?: string[] }).enum ?? []
    : [undefined];
  return entityEnum.map((entity) => ({
    entity,
    path: op.path.replace("{entity}", entity ?? "").replace(/\{\w+\}/g, String(id)),
  }));
}

const bodyOf = (op: Operation) => op.method === "GET" ? undefined : op.file ? "form" : "json";
const label = (op: Operation) => `${op.method} ${op.path}`;
/** Ending the caller's session: run last, with a token of its own. */
const ENDS_SESSION = new Set(["POST /api/auth/logout/"]);
/** Operations on the caller's own row ({id} is the caller): anyone else's is refused by a rule of its own. */
const ON_SELF = new Set(["PATCH /api/users/{id}/"]);
const refusedByTable = (a: Answer) =>
  a.status === 403 && a.code === COMMON.forbidden && a.detail === FORBIDDEN_TEXT;

// ------------------------------------------------------------------ the API

Deno.test("every API operation x every role x own/foreign station x signed out answers as the table says", async () => {
  const failures: string[] = [];
  const fail = (what: string) => failures.push(what);
  const jobs: (() => Promise<unknown>)[] = [];
  let calls = 0;

  for (const op of operations) {
    const allowed = op.auth === "public" ? STAFF_ROLES : ACTIONS[op.auth];
    assert.ok(allowed, `${label(op)}: action ${op.auth} is not in ACTIONS`);
    const last = ENDS_SESSION.has(label(op));
    for (const { path } of concretePaths(op, MISSING_ID)) {
      const query = sampleQuery(op).toString();
      const target = path + (query ? `?${query}` : "");
      // Signed out.
      jobs.push(async () => {
        calls++;
        const a = await call(op.method, target, { body: bodyOf(op) });
        if (op.auth === "public") {
          if (a.status >= 500) fail(`${label(op)} signed out: ${a.status} ${a.text.slice(0, 120)}`);
        } else if (a.status !== 401 || a.code !== COMMON.unauthenticated) {
          fail(`${label(op)} signed out: expected 401, got ${a.status} ${a.code}`);
        }
      });
      if (op.auth === "public") continue;
      // Each role, at its own station (ids that do not exist: nothing is changed).
      for (const role of STAFF_ROLES) {
        jobs.push(async () => {
          calls++;
          const token = last ? (await tokenFor(emailOf(role))).access : tokens.get(role);
          const self = ON_SELF.has(label(op))
            ? target.replace(String(MISSING_ID), String(userIds.get(role)))
            : "";
          const a = await call(op.method, self || target, { token, body: bodyOf(op) });
          const who = `${label(op)} as role ${role}`;
          if (a.status >= 500) return fail(`${who}: ${a.status} ${a.text.slice(0, 160)}`);
          if (!allowed.includes(role)) {
            if (!refusedByTable(a)) fail(`${who}: the table refuses it, got ${a.status} ${a.code}`);
            return;
          }
          if (a.status === 401 || refusedByTable(a)) fail(`${who}: the table allows it, got ${a.status}`);
          if (a.status === 200) {
            const leak = leakIn(a.text, a.type);
            if (leak) fail(`${who}: ${leak}`);
          }
        });
      }
    }
  }
  await runAll(jobs);

  // Foreign stations: lists asked for a foreign station, and each {id} route given a foreign row's id.
  const foreignJobs: (() => Promise<unknown>)[] = [];
  for (const op of operations) {
    if (op.auth === "public" || ENDS_SESSION.has(label(op))) continue;
    const roles = ACTIONS[op.auth];
    if (op.method === "GET" && takesStation(op)) {
      for (const station of FOREIGN) {
        const target = op.path.replace("{entity}", "vans") + "?" + sampleQuery(op, station);
        for (const role of roles) {
          foreignJobs.push(async () => {
            calls++;
            const a = await call("GET", target, { token: tokens.get(role) });
            if (a.status >= 500) return fail(`${label(op)} station=${station} as ${role}: ${a.status}`);
            const leak = a.status === 200 ? leakIn(a.text, a.type) : null;
            if (leak) fail(`${label(op)} station=${station} as role ${role}: ${leak}`);
          });
        }
      }
    }
    if (!op.path.includes("{id}")) continue;
    const segment = op.path.split("/")[2];
    const resolver = FOREIGN_IDS[segment];
    if (!resolver) {
      fail(`${label(op)}: no foreign row for {id}: add "${segment}" to FOREIGN_IDS in this file`);
      continue;
    }
    for (const { path, entity } of concretePaths(op, 0)) {
      const id = entity ? await SETUP_FOREIGN[entity]?.() : await resolver();
      if (id === null || (entity && !SETUP_FOREIGN[entity])) continue; // org-wide rows
      if (id === undefined) {
        fail(`${label(op)}: the test data holds no foreign row for ${entity ?? segment}`);
        continue;
      }
      const target = path.replace(/\/0\//, `/${id}/`);
      for (const role of roles) {
        foreignJobs.push(async () => {
          calls++;
          const a = await call(op.method, target, { token: tokens.get(role), body: bodyOf(op) });
          const who = `${op.method} ${target} (a foreign row) as role ${role}`;
          if (a.status >= 500) fail(`${who}: ${a.status} ${a.text.slice(0, 160)}`);
          else if (a.status < 300) fail(`${who}: answered ${a.status}`);
          else if (op.method === "GET" && a.status !== 404 && a.status !== 403) {
            fail(`${who}: expected 404, got ${a.status} ${a.code}`);
          } else if (a.text.includes(MARK)) fail(`${who}: ${leakIn(a.text, a.type)}`);
        });
      }
    }
  }
  await runAll(foreignJobs);
  assert.deepEqual(failures, [], `${failures.length} of ${calls} calls broke the table`);
  assert.ok(calls > operations.length * 5, `the matrix made ${calls} calls`);
});

Deno.test("a driver (role 5) with a password cannot sign in, by token or by cookie", async () => {
  const t = await tokenFor("matrix.driver@example.com");
  assert.notEqual(t.status, 200);
  assert.equal(t.access, undefined);
  const login = await fetch(app.url + "/api/auth/login/", {
    method: "POST",
    headers: { "content-type": "application/json", origin: app.url },
    body: JSON.stringify({ email: "matrix.driver@example.com", password: PASSWORD }),
  });
  await login.body?.cancel();
  assert.notEqual(login.status, 200);
  assert.deepEqual(login.headers.getSetCookie(), []);
});

// ------------------------------------------------------------------ pages

const ROUTES = join(Deno.cwd(), "routes");
/** Pages open to everyone: sign-in (/), the not-found page, the reset form, and signing out. */
const PUBLIC_PAGES = new Set(["/", "/404", "/reset-password", "/logout"]);

/** Every page file under routes/ (not the API), as a concrete path: [id] -> 1, [section] -> x. */
function pageFiles(dir = ROUTES): string[] {
  return readdirSync(dir).flatMap((name) => {
    const full = join(dir, name);
    if (statSync(full).isDirectory()) return name === "api" && dir === ROUTES ? [] : pageFiles(full);
    if (name.startsWith("_") || name.endsWith(".test.ts") || !/\.(astro|ts)$/.test(name)) return [];
    return [full];
  });
}
/**
 * A value a named path segment really takes, for page files whose segment is a fixed list (a PAGES
 * pattern names the list); any other [name] becomes "x" and [id] becomes 1.
 */
const SAMPLE_SEGMENTS: Record<string, string> = { "dashboard/[slug]": "dashboard/routes" };
const pagePath = (file: string) => {
  const route = relative(ROUTES, file).replace(/\.(astro|ts)$/, "");
  return "/" + (SAMPLE_SEGMENTS[route] ?? route).replace(/(^|\/)index$/, "")
    .replace(/\[id\]/g, "1").replace(/\[\w+\]/g, "x");
};

Deno.test("every page route has an entry in PAGES (or is one of the public pages)", () => {
  const missing = pageFiles().map(pagePath).filter((p) => !PUBLIC_PAGES.has(p))
    .filter((p) => !PAGES.some((rule) => rule.pattern.test(p)));
  assert.deepEqual(missing, [], "add these pages to PAGES in lib/auth/permissions.ts");
});

Deno.test("every page x every role x own/foreign station x signed out opens for exactly the table's roles", async () => {
  const failures: string[] = [];
  const jobs: (() => Promise<unknown>)[] = [];
  const foreignReport = await FOREIGN_IDS["da-daily-report"]();
  for (const page of PAGES) {
    jobs.push(async () => {
      const a = await call("GET", page.path);
      if (a.status !== 302 || a.location !== "/") failures.push(`${page.path} signed out: ${a.status}`);
    });
    for (const role of STAFF_ROLES) {
      jobs.push(async () => {
        const token = tokens.get(role);
        let a = await call("GET", page.path, { token });
        if (!canOpen(role, page.path)) {
          if (a.status !== 302 || a.location !== "/") {
            failures.push(`${page.path} as role ${role}: the table refuses it, got ${a.status}`);
          }
          return;
        }
        // A page may open on one of its sub-pages (/setup -> /setup/stations), never back at /.
        if (a.status === 302 && a.location !== "/") a = await call("GET", a.location!, { token });
        if (a.status !== 200) return failures.push(`${page.path} as role ${role}: ${a.status}`);
        const leak = leakIn(a.text, a.type);
        if (leak) failures.push(`${page.path} as role ${role}: ${leak}`);
        // The same page asked for a foreign station.
        for (const station of FOREIGN) {
          const f = await call("GET", `${page.path}?station=${station}&station_id=${station}`, { token });
          const fLeak = f.status === 200 ? leakIn(f.text, f.type) : null;
          if (fLeak) failures.push(`${page.path}?station=${station} as role ${role}: ${fLeak}`);
          if (f.status >= 500) failures.push(`${page.path}?station=${station} as role ${role}: ${f.status}`);
        }
      });
    }
  }
  // A page with a row's id in its path, given a foreign row.
  if (foreignReport) {
    for (const role of STAFF_ROLES.filter((r) => canOpen(r, `/das-reports/${foreignReport}`))) {
      jobs.push(async () => {
        const a = await call("GET", `/das-reports/${foreignReport}`, { token: tokens.get(role) });
        if (a.status !== 404 || a.text.includes(MARK)) {
          failures.push(`/das-reports/${foreignReport} (a foreign report) as role ${role}: ${a.status}`);
        }
      });
    }
  }
  await runAll(jobs, 4);
  assert.deepEqual(failures, []);
});
