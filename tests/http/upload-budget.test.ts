// Issue 9 point 3 through the real app: the three files that stalled the server (a bomb PDF, an .xlsx whose
// zip directory lies, a 19 MB one-line CSV) are each refused with a clear 400 and its code, read by the
// parse pool's worker rather than the server's thread; a good file still imports afterwards.
import assert from "node:assert/strict";
import { Client, startTestApp } from "../helpers/app.ts";
import { installedPool } from "../../lib/parse-pool/pool.ts";
import { bombPdf, lyingZipXlsx, oneLineCsv } from "../fixtures/bad-files.ts";
import { makeDas } from "../../lib/dev/amazon/mutate.ts";
import { makeOverview } from "../../lib/dev/amazon/overview.ts";

const app = await startTestApp({ engine: "postgres" });
globalThis.addEventListener("unload", () => void app.close());

function form(field: string, name: string, bytes: Uint8Array, fields: Record<string, string> = {}): FormData {
  const fd = new FormData();
  for (const [k, v] of Object.entries(fields)) fd.set(k, v);
  fd.set(field, new File([bytes as BlobPart], name, { type: "application/octet-stream" }));
  return fd;
}

Deno.test({
  name:
    "the bomb PDF, the lying .xlsx and the one-line CSV: 400 with their code, read off the request thread",
  sanitizeOps: false,
  sanitizeResources: false,
  fn: async () => {
    const c = new Client(app.url);
    await c.login("owner@example.com");
    const pool = installedPool();
    assert.ok(pool, "the server reads uploads in its parse pool");
    const jobs = pool.jobs;
    const post = (path: string, fd: FormData) => c.json(path, { method: "POST", body: fd });

    const pdf = await post(
      "/api/upload-amazon-pdf/",
      form("pdf_file", "US_ACME_DON9_Week21_2024_en_DSPScorecard.pdf", bombPdf(), { page_numbers: "1" }),
    );
    assert.equal(pdf.status, 400, JSON.stringify(pdf.body));
    assert.equal(pdf.body.code, "import.bad_file");
    assert.match(
      JSON.stringify(pdf.body.problems),
      /compressed stream 1 of the PDF unpacks to more than 16 MB/,
    );

    const xlsx = await post(
      "/api/roster/preview",
      form("file", "roster.xlsx", await lyingZipXlsx(), { kind: "das" }),
    );
    assert.equal(xlsx.status, 400, JSON.stringify(xlsx.body));
    assert.equal(xlsx.body.code, "upload.zip_bomb");
    assert.match(xlsx.body.detail, /^roster\.xlsx: refused as a zip bomb: part xl\/worksheets\/sheet1\.xml/);

    const csv = await post(
      "/api/upload-csv/",
      form("csv_file", "DSP_Overview_Dashboard_ACME_DON9_2024-W21.csv", oneLineCsv()),
    );
    assert.equal(csv.status, 400, JSON.stringify(csv.body));
    assert.equal(csv.body.code, "import.bad_file");
    assert.match(JSON.stringify(csv.body.problems), /line 1 is longer than 1 MB/);
    assert.ok(pool.jobs >= jobs + 3, "every file went through the pool");

    // The worker that read them reads the next good file.
    const good = makeOverview({ station: "DON9", week: 20, year: 2024, das: makeDas(4, 7), seed: 3 });
    const ok = await post("/api/upload-csv/", form("csv_file", good.fileName, good.bytes));
    assert.equal(ok.status, 201, JSON.stringify(ok.body));
  },
});
