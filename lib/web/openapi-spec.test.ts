// Every call the specification's section 7 lists (01 "Calls made", 02 "Calls") is in the OpenAPI document,
// with the methods the spec names, or is listed in NOT_BUILT with the screen it waits for. The list below
// was taken from the spec by hand (the spec lives beside the project, not in it); when the spec is
// readable (SPEC_DIR, default ../shared/spec), the test also parses it and fails if the two lists differ,
// so the list cannot drift from the spec.
import assert from "node:assert/strict";
import { existsSync, readFileSync } from "node:fs";
import { join } from "node:path";
import { operations } from "./openapi.ts";

/** `METHOD /api/path/` as the spec writes it, or `* /api/path/` when the spec names no method. */
const SPEC_CALLS = [
  "GET /api/current-user/",
  "POST /api/auth/token/",
  "POST /api/auth/token/refresh/",
  "POST /api/auth/password_reset/",
  "PATCH /api/users/{id}/",
  "GET /api/users/",
  "POST /api/users/{id}/give_access_to_create_old_shifts/",
  "POST /api/updates-multiple-users/",
  "GET /api/send-notification-to-drivers/",
  "PATCH /api/block-notification-to-drivers/{id}/",
  "* /api/upload-amazon-pdf/",
  "* /api/upload-amazon-dnr/",
  "* /api/upload-reliability-pdf/",
  "* /api/upload-reliability-xlsx/",
  "* /api/upload-csv/",
  "* /api/upload-xlsx-whc/",
  "* /api/upload-xlsx-shift-data/",
  "* /api/upload-deliveries-csv/",
  "* /api/upload-quality/",
  "* /api/upload-weekly-quality/",
  "GET /api/dashboard/",
  "GET /api/dashboard/get_week_number/",
  "GET /api/statistic/",
  "GET /api/weights/",
  "PATCH /api/weights/",
  "* /api/driver-model/",
  "GET /api/da-daily-report/",
  "POST /api/da-daily-report/",
  "GET /api/da-daily-report/{id}/",
  "PATCH /api/da-daily-report/{id}/",
  "DELETE /api/da-daily-report/{id}/",
  "POST /api/da-daily-report-record/",
  "PATCH /api/da-daily-report-record/{id}/",
  "DELETE /api/da-daily-report-record/{id}/",
  "POST /api/send-message-for-drivers/",
  "POST /api/is-shift-duplicate/",
  "POST /api/serial-number-assignment/",
  "PUT /api/driver-van-assignment/{id}/van_assignment/",
  "POST /api/driver-van-assignment/",
  "DELETE /api/driver-van-assignment/{id}/",
  "GET /api/rabbit-number/",
  "GET /api/dolly-number/",
  "GET /api/fleet-size/",
  "GET /api/budget/",
  "PATCH /api/budget/{id}/",
  "DELETE /api/budget/{id}/",
  "GET /api/schedule/get_reports/",
  "POST /api/schedule/create_or_update_report/",
  "POST /api/schedule/delete_report/",
  "GET /api/send-request-schedule-message/",
  "GET /api/send-confirmed-schedule-message/",
  "GET /api/schedule/get_payroll_reports/",
  "POST /api/create-update-van-actual-invoice/",
];

/** Lookups the spec names without a path ("countries ... lookups, each with results"), under the path we serve. */
const NAMED_LOOKUPS = ["GET /api/countries/", "GET /api/stations/", "GET /api/agencies/"];

/** Spec calls of screens not built yet: each waits for its screen (docs/decisions.md, issue 10). */
const NOT_BUILT: Record<string, string> = {
  "GET /api/send-notification-to-drivers/": "the drivers' notification switch (01 Shell)",
  "PATCH /api/block-notification-to-drivers/{id}/": "the drivers' notification switch (01 Shell)",
};

const METHOD = "(?:GET|POST|PUT|PATCH|DELETE)";

/** The calls of one document's section 7, parsed: methods written before a path, else `*`. */
export function parseSpecCalls(markdown: string): string[] {
  const section = /\n## 7\.[^\n]*\n([\s\S]*?)\n## 8\./.exec(markdown)?.[1] ?? "";
  const out = new Set<string>();
  const call = new RegExp(`((?:${METHOD}(?:,\\s*|\\s+and\\s+))*${METHOD}\\s+)?/?(api/[\\w{}/.*-]+)`, "g");
  let last = { end: -1, methods: ["*"] };
  for (const m of section.matchAll(call)) {
    // "GET api/a/, api/b/" and "GET api/a/ and api/b/": the method carries over the list.
    const listed = /^(,\s*|\s+and\s+)$/.test(section.slice(last.end, m.index));
    const methods = m[1] ? m[1].match(new RegExp(METHOD, "g"))! : listed ? last.methods : ["*"];
    last = { end: m.index + m[0].length, methods };
    let path = "/" + m[2].replace(/\.+$/, "");
    if (path.includes("*")) continue; // "api/schedule/*": a family, listed one by one elsewhere
    if (!path.endsWith("/")) path += "/";
    for (const method of methods) out.add(`${method} ${path}`);
  }
  return [...out];
}

/** A path named once with its method and once without (`* /api/x/`): the method says more. */
export function withMethods(calls: string[]): string[] {
  const all = [...new Set(calls)];
  return all.filter((c) => !c.startsWith("* ") || !all.some((o) => o !== c && o.endsWith(c.slice(1))));
}

const registered = new Set(operations.map((o) => `${o.method} ${o.path}`));
const servedPaths = new Set(operations.map((o) => o.path));
const isServed = (call: string) => {
  const [method, path] = call.split(" ");
  return method === "*" ? servedPaths.has(path) : registered.has(call);
};

Deno.test("every call of the spec's section 7 is in the OpenAPI document (or waits for its screen)", () => {
  const missing = [...SPEC_CALLS, ...NAMED_LOOKUPS].filter((c) => !isServed(c) && !(c in NOT_BUILT));
  assert.deepEqual(missing, [], "spec calls with no operation in lib/web/openapi.ts");
  const stale = Object.keys(NOT_BUILT).filter(isServed);
  assert.deepEqual(stale, [], "now served: take these out of NOT_BUILT");
  assert.ok(Object.keys(NOT_BUILT).every((c) => SPEC_CALLS.includes(c)), "NOT_BUILT names only spec calls");
});

Deno.test("the list of spec calls is the spec's own (parsed when the spec is readable)", () => {
  const dir = Deno.env.get("SPEC_DIR") ?? join(Deno.cwd(), "../shared/spec");
  const files = ["01-core-dashboard-imports.md", "02-shifts-schedule-payroll-fleet.md"].map((f) =>
    join(dir, f)
  );
  if (!files.every(existsSync)) {
    console.warn(`spec not found in ${dir}: the hand-kept list is used as it is`);
    return;
  }
  const parsed = withMethods(files.flatMap((f) => parseSpecCalls(readFileSync(f, "utf8"))));
  assert.deepEqual(parsed.sort(), [...SPEC_CALLS].sort());
});

Deno.test("the parser reads methods, families and bare paths", () => {
  const md = "x\n## 7. Calls\n| GET, PATCH, DELETE api/x/{id}/ | y |\n- api/up/ (file).\n- api/fam/*\n" +
    "- GET api/s/get_reports: week\n- GET api/a/, api/b/ and api/c/\n- (api/a/ again)\n## 8. Errors\n- api/no/";
  assert.deepEqual(withMethods(parseSpecCalls(md).concat("* /api/x/{id}/")), [
    "GET /api/x/{id}/",
    "PATCH /api/x/{id}/",
    "DELETE /api/x/{id}/",
    "* /api/up/",
    "GET /api/s/get_reports/",
    "GET /api/a/",
    "GET /api/b/",
    "GET /api/c/",
  ]);
});
