// The roster import API through the real app: who may call it, the upload guard, preview, commit, templates.
import assert from "node:assert/strict";
import ExcelJS from "exceljs";
import { eq } from "drizzle-orm";
import { Client, startTestApp } from "../helpers/app.ts";
import { users } from "../../lib/org/schema.ts";
import { uploads } from "../../lib/uploads/schema.ts";
import { DA_HEAD } from "../integration/roster-data.ts";

const app = await startTestApp({ engine: "postgres" });
globalThis.addEventListener("unload", () => void app.close());

async function signedIn(email: string): Promise<Client> {
  const c = new Client(app.url);
  await c.login(email);
  return c;
}

function upload(
  fields: Record<string, string>,
  file?: { name: string; body: BlobPart; type?: string },
): FormData {
  const fd = new FormData();
  for (const [k, v] of Object.entries(fields)) fd.set(k, v);
  if (file) fd.set("file", new File([file.body], file.name, { type: file.type ?? "text/csv" }));
  return fd;
}

const csv = (rows: string[]) => [DA_HEAD, ...rows].join("\r\n") + "\r\n";
const GOOD = csv([
  "Hana,Http,hana.http@example.com,(206) 555-0142,AHANAHTTP0001,41000,WDL42,2028-01-31,HYZ1,Direct Hire,Active",
]);

Deno.test("visitors get 401; dispatchers and supervisors 403 on every roster call", async () => {
  const anon = new Client(app.url);
  const r = await anon.json("/api/roster/preview", {
    method: "POST",
    body: upload({ kind: "das" }, { name: "r.csv", body: GOOD }),
  });
  assert.equal(r.status, 401);
  for (const email of ["dispatcher@example.com", "supervisor@example.com"]) {
    const c = await signedIn(email);
    for (const path of ["/api/roster/preview", "/api/roster/commit"]) {
      const res = await c.json(path, {
        method: "POST",
        body: upload({ kind: "das" }, { name: "r.csv", body: GOOD }),
      });
      assert.equal(res.status, 403, `${email} ${path}`);
      assert.equal(res.body.detail, "You haven't permissions");
    }
    assert.equal((await c.fetch("/api/roster/template?kind=das&format=csv")).status, 403);
  }
});

Deno.test("a manager previews (nothing written), commits, and the same file again changes nothing", async () => {
  const c = await signedIn("manager@example.com");
  const p = await c.json("/api/roster/preview", {
    method: "POST",
    body: upload({ kind: "das" }, { name: "hana.csv", body: GOOD }),
  });
  assert.equal(p.status, 200, JSON.stringify(p.body));
  assert.deepEqual(p.body.counts, { create: 1, update: 0, unchanged: 0, reject: 0 });
  assert.deepEqual(p.body.create, [{ row: 2, key: "AHANAHTTP0001", label: "Hana Http", station: "HYZ1" }]);
  assert.equal(p.body.file_name, "hana.csv");
  assert.match(p.body.digest, /^[0-9a-f]{64}$/);
  assert.equal(
    (await app.db.db.select().from(users).where(eq(users.transporterId, "AHANAHTTP0001"))).length,
    0,
  );

  const done = await c.json("/api/roster/commit", {
    method: "POST",
    body: upload({ kind: "das", digest: p.body.digest }, { name: "hana.csv", body: GOOD }),
  });
  assert.equal(done.status, 200, JSON.stringify(done.body));
  assert.equal(done.body.detail, "Imported hana.csv: 1 new DA.");
  const [hana] = await app.db.db.select().from(users).where(eq(users.transporterId, "AHANAHTTP0001"));
  assert.equal(hana.role, 5);
  const [kept] = await app.db.db.select().from(uploads).where(eq(uploads.id, done.body.upload_id));
  assert.equal(kept.kind, "roster-das");

  const again = await c.json("/api/roster/commit", {
    method: "POST",
    body: upload({ kind: "das" }, { name: "hana.csv", body: GOOD }),
  });
  assert.equal(again.status, 200);
  assert.deepEqual([again.body.upload_id, again.body.created, again.body.unchanged], [null, 0, 1]);
});

Deno.test("a file with a bad row: preview lists it; commit without the preview's digest is refused", async () => {
  const c = await signedIn("owner@example.com");
  const body = csv([
    "Ivo,Ok,ivo.ok@example.com,,AIVOOK0000001,,,,DON9,,",
    "Bad,Agency,bad.agency@example.com,,ABADAGENCY001,,,,DON9,Ghost Staffing,",
  ]);
  const p = await c.json("/api/roster/preview", {
    method: "POST",
    body: upload({ kind: "das" }, { name: "bad.csv", body }),
  });
  assert.deepEqual(p.body.reject, [{
    row: 3,
    column: "Agency",
    reason: "Agency 'Ghost Staffing' does not exist: add it under Reference data first",
  }]);
  const refused = await c.json("/api/roster/commit", {
    method: "POST",
    body: upload({ kind: "das" }, { name: "bad.csv", body }),
  });
  assert.equal(refused.status, 400);
  assert.match(refused.body.detail, /^bad\.csv: 1 row would be skipped/);
  const stale = await c.json("/api/roster/commit", {
    method: "POST",
    body: upload({ kind: "das", digest: "0".repeat(64) }, { name: "bad.csv", body }),
  });
  assert.equal(stale.status, 409);
  const ok = await c.json("/api/roster/commit", {
    method: "POST",
    body: upload({ kind: "das", digest: p.body.digest }, { name: "bad.csv", body }),
  });
  assert.equal(ok.status, 200);
  assert.deepEqual([ok.body.created, ok.body.skipped], [1, 1]);
});

Deno.test("upload guard: 413 over the limit, 400 for no file, an unknown kind, a broken workbook", async () => {
  const c = await signedIn("owner@example.com");
  Deno.env.set("UPLOAD_LIMIT_MB", "1");
  try {
    const big = await c.json("/api/roster/preview", {
      method: "POST",
      body: upload({ kind: "das" }, { name: "big.csv", body: "x".repeat(2 * 1024 * 1024) }),
    });
    assert.equal(big.status, 413);
    assert.equal(big.body.detail, "File so large for upload");
  } finally {
    Deno.env.delete("UPLOAD_LIMIT_MB");
  }
  const none = await c.json("/api/roster/preview", { method: "POST", body: upload({ kind: "das" }) });
  assert.equal(none.status, 400);
  assert.equal(none.body.detail, "No file was submitted.");
  const kind = await c.json("/api/roster/preview", {
    method: "POST",
    body: upload({ kind: "trucks" }, { name: "r.csv", body: GOOD }),
  });
  assert.equal(kind.status, 400);
  assert.match(kind.body.detail, /^kind: Choose the kind of file: das or vans/);
  const xls = await c.json("/api/roster/preview", {
    method: "POST",
    body: upload({ kind: "vans" }, { name: "fleet.xlsx", body: new Uint8Array([0x50, 0x4b, 3, 4, 1, 2, 3]) }),
  });
  assert.equal(xls.status, 400);
  assert.match(xls.body.detail, /^fleet\.xlsx: this is not an Excel workbook/);
  const json = await c.json("/api/roster/preview", { method: "POST", json: { kind: "das" } });
  assert.equal(json.status, 400);
});

Deno.test("vans from an .xlsx workbook", async () => {
  const c = await signedIn("manager@example.com");
  const wb = new ExcelJS.Workbook();
  const ws = wb.addWorksheet("Vans");
  ws.addRow(["Number", "Plate", "Size", "Station", "Ownership", "Monthly Rate", "Status"]);
  ws.addRow(["HTTP1", "HTT1234", "Cargo Van", "DON9", "Rental", 2150, "Available"]);
  const bytes = new Uint8Array(await wb.xlsx.writeBuffer());
  const p = await c.json("/api/roster/preview", {
    method: "POST",
    body: upload({ kind: "vans" }, { name: "vans.xlsx", body: bytes, type: "application/octet-stream" }),
  });
  assert.equal(p.status, 200, JSON.stringify(p.body));
  assert.deepEqual(p.body.counts, { create: 1, update: 0, unchanged: 0, reject: 0 });
  const done = await c.json("/api/roster/commit", {
    method: "POST",
    body: upload({ kind: "vans", digest: p.body.digest }, { name: "vans.xlsx", body: bytes }),
  });
  assert.equal(done.body.detail, "Imported vans.xlsx: 1 new van.");
});

Deno.test("templates download as CSV and XLSX with the header row and an example", async () => {
  const c = await signedIn("manager@example.com");
  const res = await c.fetch("/api/roster/template?kind=das&format=csv");
  assert.equal(res.status, 200);
  assert.match(res.headers.get("content-type")!, /^text\/csv/);
  assert.equal(res.headers.get("content-disposition"), 'attachment; filename="roster-das-template.csv"');
  const bytes = new Uint8Array(await res.arrayBuffer());
  assert.deepEqual([...bytes.slice(0, 3)], [0xef, 0xbb, 0xbf], "a BOM, for Excel");
  const text = new TextDecoder().decode(bytes);
  assert.ok(text.startsWith(DA_HEAD + "\r\n"), text.slice(0, 200));
  assert.match(text, /A2EXAMPLE00001/);
  const x = await c.fetch("/api/roster/template?kind=vans&format=xlsx");
  assert.equal(x.status, 200);
  const wb = new ExcelJS.Workbook();
  await wb.xlsx.load(await x.arrayBuffer());
  assert.deepEqual((wb.worksheets[0].getRow(1).values as unknown[]).slice(1, 4), ["Number", "Plate", "VIN"]);
  const bad = await c.json("/api/roster/template?kind=trucks");
  assert.equal(bad.status, 400);
});
