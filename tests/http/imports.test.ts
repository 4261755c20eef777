// The Amazon file upload endpoints through the real app: every endpoint imports its generated file (201),
// the same file again is 'unchanged' (200), a newer one replaces; refusals (corrupt, wrong kind, weeks
// disagreeing, page missing, over the limit) are 400/413 and write nothing; 401, 403 and the origin check.
import assert from "node:assert/strict";
import { Client, startTestApp } from "../helpers/app.ts";
import { type GeneratedFile, importTableCounts, uploadForm } from "../helpers/imports.ts";
import { makeDas } from "../../lib/dev/amazon/mutate.ts";
import { makeScorecardPdf } from "../../lib/dev/amazon/scorecard-pdf.ts";
import { makeDnr } from "../../lib/dev/amazon/dnr.ts";
import { makeConcessions } from "../../lib/dev/amazon/concessions.ts";
import { makeOverview } from "../../lib/dev/amazon/overview.ts";
import { makeDcr, makePod, makePsb } from "../../lib/dev/amazon/quality.ts";
import { makeReliabilityPdf } from "../../lib/dev/amazon/reliability-pdf.ts";
import { makeReliabilityXlsx } from "../../lib/dev/amazon/reliability-xlsx.ts";
import { makeWhc } from "../../lib/dev/amazon/whc.ts";

const app = await startTestApp({ engine: "postgres" });
globalThis.addEventListener("unload", () => void app.close());

// 2024 weeks: clear of whatever weeks the demo seed imports (it works back from today).
const YEAR = 2024;
const das = makeDas(6, 51);

async function signedIn(email: string): Promise<Client> {
  const c = new Client(app.url);
  await c.login(email);
  return c;
}

const post = (c: Client, path: string, field: string, file: GeneratedFile, fields?: Record<string, string>) =>
  c.json(path, { method: "POST", body: uploadForm(field, file, fields) });

/** Row counts of the import tables and the kept files: a refusal must leave them all as they were. */
const counts = () => importTableCounts(app.db.db);

const scorecard = (week: number, station = "DON9", seed = week) =>
  makeScorecardPdf({ station, week, year: YEAR, das, variant: "later", seed, summaryPages: 1 });

Deno.test("every endpoint imports its file: 201 with the import and what it stored", async () => {
  const c = await signedIn("manager@example.com");
  const sc = scorecard(10);
  const opts = { station: "DON9", week: 10, year: YEAR, das, seed: 10 };
  const cases: {
    path: string;
    field: string;
    file: GeneratedFile;
    fields?: Record<string, string>;
    kind: string;
    table: string;
  }[] = [
    {
      path: "/api/upload-amazon-pdf/",
      field: "pdf_file",
      file: sc,
      fields: { page_numbers: String(sc.startPage) },
      kind: "scorecard-pdf",
      table: "da_weekly_performance",
    },
    {
      path: "/api/upload-amazon-dnr/",
      field: "csv_file",
      file: makeDnr(opts),
      kind: "dnr-csv",
      table: "da_weekly_dsb",
    },
    {
      path: "/api/upload-amazon-dnr/",
      field: "csv_file",
      file: makeConcessions(opts),
      kind: "concessions-csv",
      table: "delivery_concessions",
    },
    {
      path: "/api/upload-csv/",
      field: "csv_file",
      file: makeOverview({ ...opts, variant: "standing" }),
      kind: "overview-csv",
      table: "da_weekly_performance",
    },
    {
      path: "/api/upload-quality/",
      field: "csv_file",
      file: makeDcr(opts),
      kind: "dcr-csv",
      table: "da_weekly_quality",
    },
    {
      path: "/api/upload-quality/",
      field: "csv_file",
      file: makePod(opts),
      kind: "pod-csv",
      table: "da_weekly_quality",
    },
    {
      path: "/api/upload-quality/",
      field: "csv_file",
      file: makePsb(opts),
      kind: "psb-csv",
      table: "da_weekly_quality",
    },
    {
      path: "/api/upload-reliability-pdf/",
      field: "xlsx_file",
      file: makeReliabilityPdf(opts),
      fields: { page_numbers: "1" },
      kind: "reliability-pdf",
      table: "capacity_reliability_days",
    },
    {
      path: "/api/upload-reliability-xlsx/",
      field: "xlsx_file",
      file: await makeReliabilityXlsx({ ...opts, week: 11 }),
      kind: "reliability-xlsx",
      table: "capacity_reliability_days",
    },
    {
      path: "/api/upload-xlsx-whc/",
      field: "xlsx_file",
      file: await makeWhc(makeWhcOpts(opts)),
      kind: "whc-xlsx",
      table: "whc_exceptions",
    },
  ];
  for (const t of cases) {
    const before = await counts();
    const r = await post(c, t.path, t.field, t.file, t.fields);
    assert.equal(r.status, 201, `${t.path} ${t.file.fileName}: ${JSON.stringify(r.body)}`);
    assert.equal(r.body.status, "imported");
    assert.equal(r.body.replaced_id, null);
    assert.equal(typeof r.body.took_ms, "number");
    const imp = r.body.import;
    assert.equal(imp.kind, t.kind);
    assert.equal(imp.file_name, t.file.fileName);
    assert.equal(imp.station.tag, "DON9");
    assert.equal(imp.uploader.email, "manager@example.com");
    assert.equal(imp.status, "imported");
    assert.match(imp.sha256, /^[0-9a-f]{64}$/);
    assert.ok(imp.rows > 0, `${t.kind} stored no rows`);
    const after = await counts();
    assert.equal(after.amazon_imports, before.amazon_imports + 1);
    assert.equal(after.uploads, before.uploads + 1, "the file is kept");
    assert.ok(after[t.table] > before[t.table], `${t.kind}: nothing in ${t.table}`);
  }
});

/** The WHC workbook needs a DA with an exception: enough DAs that one in eight has one. */
function makeWhcOpts(opts: { station: string; week: number; year: number; seed: number }) {
  return { ...opts, das: makeDas(40, 52), variant: "counts" as const };
}

Deno.test("the same file twice: 200 'unchanged', nothing written; a newer file for the week replaces", async () => {
  const c = await signedIn("owner@example.com");
  const f = makeDnr({ station: "HYZ1", week: 12, year: YEAR, das, seed: 1 });
  const first = await post(c, "/api/upload-amazon-dnr/", "csv_file", f);
  assert.equal(first.status, 201, JSON.stringify(first.body));
  const before = await counts();
  const again = await post(c, "/api/upload-amazon-dnr/", "csv_file", f);
  assert.equal(again.status, 200, JSON.stringify(again.body));
  assert.equal(again.body.status, "unchanged");
  assert.equal(again.body.import.id, first.body.import.id);
  assert.deepEqual(await counts(), before);

  const newer = makeDnr({ station: "HYZ1", week: 12, year: YEAR, das, seed: 2 });
  const r = await post(c, "/api/upload-amazon-dnr/", "csv_file", newer);
  assert.equal(r.status, 201, JSON.stringify(r.body));
  assert.equal(r.body.status, "replaced");
  assert.equal(r.body.replaced_id, first.body.import.id);
  const old = await c.json(`/api/imports/${first.body.import.id}/`);
  assert.equal(old.body.status, "replaced");
  assert.equal(old.body.rows, 0, "the replaced file's rows went");
  assert.equal(old.body.replaced_by, r.body.import.id);
});

Deno.test("refusals name the file and its problems and write nothing", async () => {
  const c = await signedIn("manager@example.com");
  const sc = scorecard(14);
  const dnr = makeDnr({ station: "DON9", week: 14, year: YEAR, das, seed: 3 });
  const cut = { fileName: sc.fileName, bytes: sc.bytes.slice(0, Math.floor(sc.bytes.length / 3)) };
  const noise = {
    fileName: "DSP_Overview_Dashboard_ACME_DON9_2024-W14.csv",
    bytes: new Uint8Array(300).fill(7),
  };
  const otherWeek = { fileName: dnr.fileName.replace("2024-W14", "2024-W15"), bytes: dnr.bytes };
  const contentWeek = makeScorecardPdf({
    station: "DON9",
    week: 14,
    year: YEAR,
    das,
    variant: "later",
    seed: 4,
    summaryPages: 1,
    content: { week: 16 },
  });
  const cases: [string, string, GeneratedFile, Record<string, string>, RegExp][] = [
    ["/api/upload-amazon-pdf/", "pdf_file", cut, { page_numbers: "2" }, /./],
    ["/api/upload-csv/", "csv_file", noise, {}, /./],
    ["/api/upload-amazon-pdf/", "pdf_file", dnr, { page_numbers: "2" }, /DNR/],
    ["/api/upload-csv/", "csv_file", dnr, {}, /DNR/],
    ["/api/upload-xlsx-whc/", "xlsx_file", sc, {}, /scorecard/],
    ["/api/upload-amazon-dnr/", "csv_file", otherWeek, {}, /week|W1[45]/i],
    [
      "/api/upload-amazon-pdf/",
      "pdf_file",
      contentWeek,
      { page_numbers: String(contentWeek.startPage) },
      /week|W1[46]/i,
    ],
  ];
  const before = await counts();
  for (const [path, field, file, fields, why] of cases) {
    const r = await post(c, path, field, file, fields);
    assert.equal(r.status, 400, `${path} ${file.fileName}: ${JSON.stringify(r.body)}`);
    assert.equal(r.body.file, file.fileName);
    assert.ok(Array.isArray(r.body.problems) && r.body.problems.length > 0, JSON.stringify(r.body));
    assert.ok(r.body.problems.some((p: { fatal?: boolean }) => p.fatal), JSON.stringify(r.body.problems));
    assert.match(r.body.detail, why, `${path} ${file.fileName}`);
  }
  assert.deepEqual(await counts(), before);
});

Deno.test("the PDF dialog needs the table's page; a page past the end is refused", async () => {
  const c = await signedIn("manager@example.com");
  const sc = scorecard(17);
  const missing = await post(c, "/api/upload-amazon-pdf/", "pdf_file", sc);
  assert.equal(missing.status, 400);
  assert.deepEqual(missing.body.page_numbers, ["Enter the page where table starts"]);
  const zero = await post(c, "/api/upload-amazon-pdf/", "pdf_file", sc, { page_numbers: "0" });
  assert.equal(zero.status, 400);
  const beyond = await post(c, "/api/upload-amazon-pdf/", "pdf_file", sc, { page_numbers: "99" });
  assert.equal(beyond.status, 400);
  assert.match(beyond.body.detail, /99/);
  assert.equal(beyond.body.problems[0].page, 99);
});

Deno.test("413 over the upload limit, nothing written", async () => {
  const c = await signedIn("manager@example.com");
  const before = await counts();
  Deno.env.set("UPLOAD_LIMIT_MB", "1");
  try {
    const f = makeDnr({ station: "DON9", week: 18, year: YEAR, das, seed: 5 });
    const padded = new Uint8Array(2 * 1024 * 1024);
    padded.set(f.bytes);
    padded.fill(0x20, f.bytes.length);
    for (
      const [path, field] of [["/api/upload-amazon-dnr/", "csv_file"], ["/api/upload-xlsx-whc/", "xlsx_file"]]
    ) {
      const r = await post(c, path, field, { fileName: f.fileName, bytes: padded });
      assert.equal(r.status, 413, path);
      assert.equal(r.body.detail, "File so large for upload");
    }
  } finally {
    Deno.env.delete("UPLOAD_LIMIT_MB");
  }
  assert.deepEqual(await counts(), before);
});

Deno.test("401 signed out, 403 for a dispatcher and for another station's file, cross-site refused", async () => {
  const f = makeDnr({ station: "DON9", week: 19, year: YEAR, das, seed: 6 });
  const dto3 = makeDnr({ station: "DTO3", week: 19, year: YEAR, das, seed: 7 });
  const before = await counts();

  const anon = new Client(app.url);
  assert.equal((await post(anon, "/api/upload-amazon-dnr/", "csv_file", f)).status, 401);
  assert.equal((await anon.json("/api/upload-csv/")).status, 401);
  assert.equal((await anon.json("/api/imports/?family=csv")).status, 401);

  const dispatcher = await signedIn("dispatcher@example.com");
  const d = await post(dispatcher, "/api/upload-amazon-dnr/", "csv_file", f);
  assert.equal(d.status, 403);
  assert.equal(d.body.detail, "You haven't permissions");
  assert.equal((await dispatcher.json("/api/upload-amazon-pdf/")).status, 403);
  assert.equal(
    (await dispatcher.json("/api/imports/hashes/", { method: "POST", json: { sha256: [] } })).status,
    403,
  );

  const supervisor = await signedIn("supervisor@example.com");
  const s = await post(supervisor, "/api/upload-amazon-dnr/", "csv_file", dto3);
  assert.equal(s.status, 403, JSON.stringify(s.body));
  assert.match(s.body.detail, /DTO3/);
  assert.equal(s.body.file, dto3.fileName);

  const manager = await signedIn("manager@example.com");
  // Astro's own check answers a cross-site multipart post (in plain text) before the middleware does.
  for (const path of ["/api/upload-amazon-dnr/", "/api/imports/hashes/"]) {
    const cross = await manager.fetch(path, {
      method: "POST",
      body: path.endsWith("hashes/") ? JSON.stringify({ sha256: [] }) : uploadForm("csv_file", f),
      headers: {
        origin: "https://evil.example",
        ...(path.endsWith("hashes/") ? { "content-type": "application/json" } : {}),
      },
    });
    assert.equal(cross.status, 403, path);
    await cross.body?.cancel();
  }
  assert.deepEqual(await counts(), before);
});

Deno.test("no file, or a JSON body, is a 400 naming the field", async () => {
  const c = await signedIn("manager@example.com");
  const none = new FormData();
  none.set("page_numbers", "2");
  const r = await c.json("/api/upload-amazon-pdf/", { method: "POST", body: none });
  assert.equal(r.status, 400);
  assert.deepEqual(r.body.pdf_file, ["No file was submitted."]);
  const json = await c.json("/api/upload-xlsx-whc/", { method: "POST", json: {} });
  assert.equal(json.status, 400);
  assert.match(json.body.detail, /xlsx_file/);
});
