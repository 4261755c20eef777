import assert from "node:assert/strict";
import { join } from "node:path";
import { makeDas } from "../lib/dev/amazon/mutate.ts";
import { makeOverview } from "../lib/dev/amazon/overview.ts";
import { makeDcr } from "../lib/dev/amazon/quality.ts";
import { makeReliabilityPdf } from "../lib/dev/amazon/reliability-pdf.ts";
import { makeReturns } from "../lib/dev/amazon/returns.ts";
import { makeScorecardPdf } from "../lib/dev/amazon/scorecard-pdf.ts";
import { DIALOG_ENDPOINT, KIND_SLOT } from "../lib/imports/dto.ts";
import type { AmazonKind } from "../lib/amazon/types.ts";
import {
  collectFiles,
  dialogOf,
  endpointOf,
  identify,
  inspectFile,
  NOT_AMAZON,
  RELIABILITY_PDF_ENDPOINT,
  sha256Hex,
} from "./import-plan.ts";

const das = makeDas(20, 3);
const o = { station: "DON9", year: 2026, week: 21, das, seed: 3 };
const tmp = Deno.makeTempDirSync({ prefix: "dsp-import-plan-" });
globalThis.addEventListener("unload", () => Deno.removeSync(tmp, { recursive: true }));

let n = 0;
function folder(files: Record<string, Uint8Array | string>): string {
  const dir = join(tmp, `f${++n}`);
  Deno.mkdirSync(dir);
  for (const [name, content] of Object.entries(files)) {
    Deno.writeFileSync(
      join(dir, name),
      typeof content === "string" ? new TextEncoder().encode(content) : content,
    );
  }
  return dir;
}
const file = (dir: string, name: string) => ({ path: join(dir, name), name, explicit: true });

Deno.test("collectFiles takes a folder's visible files once each, names missing paths and leaves subfolders", async () => {
  const ov = makeOverview(o);
  const dir = folder({ [ov.fileName]: ov.bytes, ".hidden.csv": ov.bytes, "notes.txt": "hello" });
  Deno.mkdirSync(join(dir, "archive"));
  const got = await collectFiles([dir, join(dir, ov.fileName), join(tmp, "nowhere")]);
  assert.deepEqual(got.files.map((f) => [f.name, f.explicit]), [[ov.fileName, true], ["notes.txt", false]]);
  assert.deepEqual(got.missing, [join(tmp, "nowhere")]);
  assert.deepEqual(got.subfolders, [join(dir, "archive")]);
});

Deno.test("every kind an import takes has a dialog and an endpoint; the reliability PDF has its own", () => {
  for (const kind of Object.keys(KIND_SLOT) as AmazonKind[]) {
    assert.ok(dialogOf(kind), kind);
    assert.ok(endpointOf(kind)?.path.startsWith("/api/"), kind);
  }
  assert.equal(dialogOf("returns-csv"), null);
  assert.equal(endpointOf("returns-csv"), null);
  assert.deepEqual(endpointOf("scorecard-pdf"), DIALOG_ENDPOINT.pdf);
  assert.deepEqual(endpointOf("reliability-xlsx"), DIALOG_ENDPOINT.reliability);
  assert.deepEqual(endpointOf("reliability-pdf"), RELIABILITY_PDF_ENDPOINT);
  assert.deepEqual(endpointOf("dcr-csv"), DIALOG_ENDPOINT.quality);
});

Deno.test("identify: the kind, the name's station and week, and the sha256 of the bytes", async () => {
  const dcr = makeDcr(o);
  const rel = makeReliabilityPdf({ station: "HYZ1", year: 2026, week: 20, seed: 1 });
  const ret = makeReturns(o);
  const dir = folder({
    [dcr.fileName]: dcr.bytes,
    [rel.fileName]: rel.bytes,
    [ret.fileName]: ret.bytes,
    "a.csv": "x,y\n1,2\n",
  });
  const q = await identify(file(dir, dcr.fileName));
  assert.equal(q.kind, "dcr-csv");
  assert.equal(q.dialog, "quality");
  assert.equal(q.station, "DON9");
  assert.equal(q.week, "2026-W21");
  assert.equal(q.skip, null);
  assert.equal(q.sha256, await sha256Hex(dcr.bytes));
  assert.equal(q.sha256!.length, 64);
  const r = await identify(file(dir, rel.fileName));
  assert.equal(r.kind, "reliability-pdf");
  assert.equal(r.endpoint, RELIABILITY_PDF_ENDPOINT);
  assert.equal((await identify(file(dir, ret.fileName))).skip, "no import takes returns-csv files");
  const other = await identify(file(dir, "a.csv"));
  assert.equal(other.skip, NOT_AMAZON);
  assert.equal(other.bytes, null);
});

Deno.test("an empty file named on the command line fails; one in a folder is not an Amazon file", async () => {
  const dir = folder({ "Quality_DCR_ACME_DON9_2026-W21.csv": "" });
  const named = await identify(file(dir, "Quality_DCR_ACME_DON9_2026-W21.csv"));
  assert.equal(named.skip, null);
  assert.match(named.problems[0].message, /empty/);
  const found = await identify({ ...file(dir, "Quality_DCR_ACME_DON9_2026-W21.csv"), explicit: false });
  assert.equal(found.skip, NOT_AMAZON);
});

Deno.test("a scorecard's DA table is found by itself; --page names another page, which is checked", async () => {
  const pdf = makeScorecardPdf({ ...o, variant: "later" });
  const dir = folder({ [pdf.fileName]: pdf.bytes });
  const found = await inspectFile(file(dir, pdf.fileName));
  assert.equal(found.ok, true, JSON.stringify(found.problems));
  assert.equal(found.startPage, pdf.startPage);
  assert.equal(found.rows, 20);
  assert.ok(found.bytes);
  const given = await inspectFile(file(dir, pdf.fileName), { page: pdf.startPage! });
  assert.equal(given.ok, true);
  const wrong = await inspectFile(file(dir, pdf.fileName), { page: 1 });
  assert.equal(wrong.ok, false);
  assert.equal(wrong.bytes, null);
  assert.ok(wrong.problems.some((p) => p.fatal && /page 1/.test(p.message)), JSON.stringify(wrong.problems));
});

Deno.test("a broken file is not ok and says why; --station skips another station's files", async () => {
  const ov = makeOverview(o);
  const text = new TextDecoder().decode(ov.bytes).replace("2026-W21", "2026-W22");
  const bad = "DSP_Overview_Dashboard_ACME_DON9_2026-W21 (1).csv";
  const dir = folder({
    [ov.fileName]: ov.bytes,
    [bad]: text.split("\n").slice(0, 1).join("\n").replace(/,[^,]*$/, ""),
  });
  const broken = await inspectFile(file(dir, bad));
  assert.equal(broken.kind, "overview-csv");
  assert.equal(broken.ok, false);
  assert.ok(broken.problems.some((p) => p.fatal));
  const elsewhere = await inspectFile(file(dir, ov.fileName), { station: "hyz1" });
  assert.equal(elsewhere.ok, true);
  assert.equal(elsewhere.skip, "for station DON9, not HYZ1");
  assert.equal(elsewhere.bytes, null);
  const here = await inspectFile(file(dir, ov.fileName), { station: "DON9" });
  assert.equal(here.skip, null);
  assert.equal(here.rows, 20);
});
