// The import history and what is done with an import, through the real app: the PDF and CSV histories
// (paged, newest first, the viewer's stations only), an import's detail, re-run, removal, the CLI's hash
// check, and linking the transporter ids no DA holds (create a DA, map to a DA).
import assert from "node:assert/strict";
import { and, eq } from "drizzle-orm";
import { Client, startTestApp } from "../helpers/app.ts";
import { uploadForm } from "../helpers/imports.ts";
import { rowsOf } from "../../lib/db/rows.ts";
import { users } from "../../lib/org/schema.ts";
import { makeDas, rng } from "../../lib/dev/amazon/mutate.ts";
import { DNR_HEADER, dnrRows, makeDnr } from "../../lib/dev/amazon/dnr.ts";
import { generationFile } from "../../lib/dev/amazon/generations.ts";
import { makeDcr } from "../../lib/dev/amazon/quality.ts";
import { makeScorecardPdf } from "../../lib/dev/amazon/scorecard-pdf.ts";

const app = await startTestApp({ engine: "postgres" });
globalThis.addEventListener("unload", () => void app.close());

const YEAR = 2023;

async function signedIn(email: string): Promise<Client> {
  const c = new Client(app.url);
  await c.login(email);
  return c;
}

async function uploadDnr(c: Client, station: string, week: number, seed = week, das = makeDas(4, seed)) {
  const r = await c.json("/api/upload-amazon-dnr/", {
    method: "POST",
    body: uploadForm("csv_file", makeDnr({ station, week, year: YEAR, das, seed })),
  });
  assert.equal(r.status, 201, JSON.stringify(r.body));
  return r.body.import;
}

const rowsOfImport = async (table: string, id: number) =>
  Number(
    rowsOf<{ n: number }>(
      await app.db.db.execute(`select count(*)::int as n from ${table} where import_id = ${id}`),
    )[0]
      .n,
  );

Deno.test("the CSV and PDF histories: paged, newest first, only the viewer's stations", async () => {
  const owner = await signedIn("owner@example.com");
  const start = (await owner.json("/api/upload-csv/?page=1&page_size=10")).body.count as number;
  const mine: number[] = [];
  for (let week = 1; week <= 11; week++) mine.push((await uploadDnr(owner, "DON9", week)).id);
  const dto3 = await uploadDnr(owner, "DTO3", 1, 99);

  const p1 = await owner.json("/api/upload-csv/?page=1&page_size=10");
  assert.equal(p1.status, 200);
  assert.equal(p1.body.count, start + 12);
  assert.equal(p1.body.results.length, 10);
  assert.deepEqual(p1.body.results.slice(0, 2).map((r: { id: number }) => r.id), [dto3.id, mine[10]]);
  const row = p1.body.results[1];
  assert.equal(row.csv_file_name, row.file_name);
  assert.equal(row.uploader.email, "owner@example.com");
  assert.equal(row.family, "csv");
  assert.equal(row.week, `${YEAR}-W11`);
  assert.ok(!Number.isNaN(Date.parse(row.uploaded_at)));
  const p2 = await owner.json("/api/imports/?family=csv&page=2&page_size=10");
  assert.equal(p2.body.count, p1.body.count);
  const ids1 = new Set(p1.body.results.map((r: { id: number }) => r.id));
  assert.ok(p2.body.results.every((r: { id: number }) => !ids1.has(r.id)), "pages overlap");
  assert.equal(p2.body.results.length, Math.min(10, p1.body.count - 10));

  const supervisor = await signedIn("supervisor@example.com");
  const s = await supervisor.json("/api/upload-csv/?page=1&page_size=100");
  assert.ok(s.body.results.every((r: { station: { tag: string } }) => r.station.tag !== "DTO3"));
  assert.equal(s.body.count, (await countAt("csv", 1)) + (await countAt("csv", 2)));
  assert.equal((await supervisor.json(`/api/imports/${dto3.id}/`)).status, 404);

  const pdfs = await owner.json("/api/upload-amazon-pdf/?page=1&page_size=25");
  assert.equal(pdfs.status, 200);
  assert.ok(pdfs.body.results.every((r: { family: string }) => r.family === "pdf"));
  assert.equal((await owner.json("/api/imports/?family=pdf")).body.count, pdfs.body.count);

  assert.equal((await owner.json("/api/upload-csv/?page_size=7")).status, 400);
  assert.equal((await owner.json("/api/imports/?family=xls")).status, 400);
  assert.equal((await owner.json("/api/upload-csv/?page=0")).status, 400);
});

/** Imports of a family at a station, straight from the table. */
async function countAt(family: string, stationId: number): Promise<number> {
  const res = await app.db.db.execute(
    `select count(*)::int as n from amazon_imports where family = '${family}' and station_id = ${stationId}`,
  );
  return Number(rowsOf<{ n: number }>(res)[0].n);
}

Deno.test("detail: counts, problems, the ids no DA holds; a PDF keeps its start page", async () => {
  const c = await signedIn("manager@example.com");
  const das = makeDas(5, 31);
  const imp = await uploadDnr(c, "HYZ1", 20, 20, das);
  const d = await c.json(`/api/imports/${imp.id}/`);
  assert.equal(d.status, 200);
  assert.equal(d.body.id, imp.id);
  assert.equal(d.body.rows, 5);
  assert.equal(d.body.counts.da_weekly_dsb, 5);
  assert.deepEqual(
    d.body.unmatched_ids.map((u: { transporter_id: string }) => u.transporter_id),
    das.map((x) => x.transporterId).sort(),
  );
  assert.equal(d.body.unmatched, 5);
  assert.equal(d.body.replaced_by, null);
  assert.ok(Array.isArray(d.body.problems));

  const sc = makeScorecardPdf({ station: "HYZ1", week: 20, year: YEAR, das, variant: "later", seed: 2 });
  const pdf = await c.json("/api/upload-amazon-pdf/", {
    method: "POST",
    body: uploadForm("pdf_file", sc, { page_numbers: String(sc.startPage) }),
  });
  assert.equal(pdf.status, 201, JSON.stringify(pdf.body));
  assert.deepEqual(pdf.body.import.options, { start_page: sc.startPage });
  assert.equal(pdf.body.import.pdf_file_name, sc.fileName);

  assert.equal((await c.json("/api/imports/999999/")).status, 404);
  assert.equal((await c.json("/api/imports/abc/")).status, 404);
});

Deno.test("another generation: missing metrics import empty, named in the detail; no TID column is refused", async () => {
  const c = await signedIn("manager@example.com");
  const grid = [
    DNR_HEADER,
    ...dnrRows({ station: "HYZ1", week: 22, year: YEAR, das: makeDas(3, 22), seed: 22 }),
  ];
  const gen = {
    drop: ["DSB DPMO", "No POD on Delivery"],
    rename: { TID: "transporter_id", "DSB Count": "DSB COUNT" },
    extra: ["Coaching Notes"],
    cellWeek: "yearless" as const,
    nameWeek: "w-year" as const,
    dropWeek: false,
  };
  const file = generationFile(rng(1), "Quality_DSB_DNR_ACME", "HYZ1", YEAR, 22, grid, gen);
  const r = await c.json("/api/upload-amazon-dnr/", { method: "POST", body: uploadForm("csv_file", file) });
  assert.equal(r.status, 201, JSON.stringify(r.body));
  assert.equal(r.body.import.week, `${YEAR}-W22`);
  const d = await c.json(`/api/imports/${r.body.import.id}/`);
  const named = (code: string) =>
    d.body.problems.filter((p: { code?: string }) => p.code === code).flatMap((p: { columns: string[] }) =>
      p.columns
    );
  assert.deepEqual(named("missing_columns"), ["DSB DPMO", "No POD on Delivery"]);
  assert.deepEqual(named("extra_columns"), ["Coaching Notes"]);
  const stored = rowsOf<
    { dsb_dpmo: number | null; dsb_count: number | null; counts: Record<string, unknown> }
  >(
    await app.db.db.execute(
      `select dsb_dpmo, dsb_count, counts from da_weekly_dsb where import_id = ${d.body.id}`,
    ),
  );
  assert.equal(stored.length, 3);
  assert.ok(
    stored.every((x) => x.dsb_dpmo === null && x.counts.no_pod_on_delivery === null),
    JSON.stringify(stored),
  );
  assert.deepEqual(stored.map((x) => x.dsb_count).sort(), grid.slice(1).map((row) => Number(row[3])).sort());

  const keyless = generationFile(rng(2), "Quality_DSB_DNR_ACME", "HYZ1", YEAR, 23, grid, {
    ...gen,
    rename: { TID: "Driver" },
  });
  const refused = await c.json("/api/upload-amazon-dnr/", {
    method: "POST",
    body: uploadForm("csv_file", keyless),
  });
  assert.equal(refused.status, 400, JSON.stringify(refused.body));
  assert.equal(refused.body.code, "import.missing_key_columns");
  assert.match(refused.body.detail, /key column 'TID' is missing/);
});

Deno.test("create a DA from an unmatched id, and map another id to an existing DA", async () => {
  const c = await signedIn("manager@example.com");
  const das = makeDas(3, 41);
  const imp = await uploadDnr(c, "DON9", 21, 21, das);
  const [a, b] = das;

  const created = await c.json("/api/imports/create-da/", {
    method: "POST",
    json: { transporter_id: a.transporterId, first_name: "Ada", last_name: "Lovelace", station_id: 1 },
  });
  assert.equal(created.status, 201, JSON.stringify(created.body));
  const [u] = await app.db.db.select().from(users).where(eq(users.id, created.body.id));
  assert.equal(u.transporterId, a.transporterId);
  assert.equal(u.role, 5);

  const [existing] = await app.db.db.select({ id: users.id }).from(users)
    .where(and(eq(users.role, 5), eq(users.isActive, true))).limit(1);
  const mapped = await c.json("/api/imports/map-to-da/", {
    method: "POST",
    json: { transporter_id: b.transporterId, user_id: existing.id },
  });
  assert.equal(mapped.status, 200, JSON.stringify(mapped.body));

  const d = await c.json(`/api/imports/${imp.id}/`);
  assert.deepEqual(d.body.unmatched_ids.map((x: { transporter_id: string }) => x.transporter_id), [
    das[2].transporterId,
  ]);
  assert.equal(d.body.unmatched, 1);

  const again = await c.json("/api/imports/create-da/", {
    method: "POST",
    json: { transporter_id: a.transporterId, first_name: "Ada", last_name: "Again", station_id: 1 },
  });
  assert.ok(again.status === 400 || again.status === 409, JSON.stringify(again.body));
  const bad = await c.json("/api/imports/create-da/", {
    method: "POST",
    json: { transporter_id: "", station_id: 1 },
  });
  assert.equal(bad.status, 400);
  assert.ok(bad.body.first_name);
  const foreign = await (await signedIn("supervisor@example.com")).json("/api/imports/create-da/", {
    method: "POST",
    json: { transporter_id: das[2].transporterId, first_name: "Not", last_name: "Theirs", station_id: 3 },
  });
  assert.equal(foreign.status, 403, JSON.stringify(foreign.body));
  const dispatcher = await signedIn("dispatcher@example.com");
  const noRole = await dispatcher.json("/api/imports/map-to-da/", {
    method: "POST",
    json: { transporter_id: das[2].transporterId, user_id: existing.id },
  });
  assert.equal(noRole.status, 403);
});

Deno.test("re-run parses the kept file again; delete removes the import with its rows", async () => {
  const c = await signedIn("manager@example.com");
  const imp = await uploadDnr(c, "DON9", 22);
  assert.equal(await rowsOfImport("da_weekly_dsb", imp.id), 4);

  const rerun = await c.json(`/api/imports/${imp.id}/rerun/`, { method: "POST" });
  assert.equal(rerun.status, 200, JSON.stringify(rerun.body));
  assert.ok(["imported", "replaced", "unchanged"].includes(rerun.body.status));
  const after = rerun.body.import.id as number;
  assert.equal(rerun.body.import.rows, 4);
  assert.equal(await rowsOfImport("da_weekly_dsb", after), 4);

  const supervisor = await signedIn("supervisor@example.com");
  const dto3 = await uploadDnr(c, "DTO3", 22, 5);
  assert.equal((await supervisor.json(`/api/imports/${dto3.id}/`, { method: "DELETE" })).status, 404);
  assert.equal((await supervisor.json(`/api/imports/${dto3.id}/rerun/`, { method: "POST" })).status, 404);

  const del = await c.fetch(`/api/imports/${after}/`, { method: "DELETE" });
  assert.equal(del.status, 204);
  assert.equal((await c.json(`/api/imports/${after}/`)).status, 404);
  assert.equal(await rowsOfImport("da_weekly_dsb", after), 0);
  assert.equal((await c.fetch(`/api/imports/${after}/`, { method: "DELETE" })).status, 404);
});

Deno.test("hashes: which files are imported already at the viewer's stations", async () => {
  const c = await signedIn("manager@example.com");
  const f = makeDcr({ station: "DON9", week: 23, year: YEAR, das: makeDas(3, 7), seed: 7 });
  const up = await c.json("/api/upload-quality/", { method: "POST", body: uploadForm("csv_file", f) });
  assert.equal(up.status, 201, JSON.stringify(up.body));
  const sha = up.body.import.sha256 as string;
  const other = "ab".repeat(32);
  const r = await c.json("/api/imports/hashes/", {
    method: "POST",
    json: { sha256: [sha.toUpperCase(), other] },
  });
  assert.equal(r.status, 200);
  assert.deepEqual(r.body, { imported: [sha] });
  const empty = await c.json("/api/imports/hashes/", { method: "POST", json: { sha256: [] } });
  assert.deepEqual(empty.body, { imported: [] });
  const bad = await c.json("/api/imports/hashes/", { method: "POST", json: { sha256: ["nope"] } });
  assert.equal(bad.status, 400);
  const dto3 = makeDcr({ station: "DTO3", week: 23, year: YEAR, das: makeDas(3, 8), seed: 8 });
  const owner = await signedIn("owner@example.com");
  const o = await owner.json("/api/upload-quality/", { method: "POST", body: uploadForm("csv_file", dto3) });
  assert.equal(o.status, 201, JSON.stringify(o.body));
  const sup = await signedIn("supervisor@example.com");
  const s = await sup.json("/api/imports/hashes/", {
    method: "POST",
    json: { sha256: [o.body.import.sha256, sha] },
  });
  assert.deepEqual(s.body, { imported: [sha] });
});
