import assert from "node:assert/strict";
import { parseUpload, wrongDialog } from "./parse.ts";
import { makeDas } from "../dev/amazon/mutate.ts";
import { makeScorecardPdf } from "../dev/amazon/scorecard-pdf.ts";
import { makeOverview } from "../dev/amazon/overview.ts";
import { makeDnr } from "../dev/amazon/dnr.ts";
import { makeConcessions } from "../dev/amazon/concessions.ts";
import { makeDcr, makePod, makePsb } from "../dev/amazon/quality.ts";
import { makeReliabilityXlsx } from "../dev/amazon/reliability-xlsx.ts";
import { makeReliabilityPdf } from "../dev/amazon/reliability-pdf.ts";
import { makeWhc } from "../dev/amazon/whc.ts";
import { makeReturns } from "../dev/amazon/returns.ts";

const das = makeDas(8, 4);
const at = { station: "HYZ1", year: 2026, week: 21, seed: 2, das };

Deno.test("each dialog's files go to their parser and come out as table rows", async () => {
  const ov = await parseUpload({ dialog: "csv", ...makeOverview(at) });
  assert.deepEqual([ov.ok, ov.kind, ov.slot, ov.family, ov.station, ov.week], [
    true,
    "overview-csv",
    "overview",
    "csv",
    "HYZ1",
    "2026-W21",
  ]);
  const perf = ov.tables.da_weekly_performance!;
  assert.equal(perf.length, 8);
  assert.deepEqual([perf[0].source, perf[0].transporter_id, perf[0].week], [
    "overview",
    das[0].transporterId,
    "2026-W21",
  ]);
  assert.ok("fico_metric" in (perf[0].metrics as object) && "dcr_weight" in (perf[0].metrics as object));

  const dnr = await parseUpload({ dialog: "dnr", ...makeDnr(at) });
  assert.deepEqual([dnr.slot, dnr.tables.da_weekly_dsb!.length], ["dnr", 8]);
  const conc = await parseUpload({ dialog: "dnr", ...makeConcessions(at) });
  assert.equal(conc.slot, "concessions");
  assert.ok(
    conc.tables.delivery_concessions!.every((r) => r.week === "2026-W21" && typeof r.flags === "object"),
  );

  for (const [make, metric] of [[makeDcr, "dcr"], [makePod, "pod"], [makePsb, "psb"]] as const) {
    const q = await parseUpload({ dialog: "quality", ...make(at) });
    assert.deepEqual([q.slot, q.tables.da_weekly_quality!.length, q.tables.da_weekly_quality![0].metric], [
      metric,
      8,
      metric,
    ]);
  }

  const whc = await parseUpload({
    dialog: "whc",
    ...await makeWhc({ ...at, das: makeDas(60, 4), weeks: 2 }),
  });
  assert.deepEqual([whc.slot, whc.week], ["whc", "2026-W21"]);
  assert.deepEqual([...new Set(whc.tables.whc_exceptions!.map((r) => r.week))].sort(), [
    "2026-W20",
    "2026-W21",
  ]);
});

Deno.test("the reliability dialog takes the PDF and the XLSX; the PDF dialog passes the start page", async () => {
  const x = await parseUpload({ dialog: "reliability", ...await makeReliabilityXlsx(at) });
  assert.deepEqual([x.ok, x.kind, x.family, x.tables.capacity_reliability_days!.length], [
    true,
    "reliability-xlsx",
    "csv",
    7,
  ]);
  const p = makeReliabilityPdf(at);
  const pdf = await parseUpload({ dialog: "reliability", fileName: p.fileName, bytes: p.bytes });
  assert.deepEqual([pdf.ok, pdf.kind, pdf.family, pdf.week], [true, "reliability-pdf", "pdf", "2026-W21"]);

  const sc = makeScorecardPdf({ ...at, variant: "later", whcExceptions: 2 });
  const good = await parseUpload({
    dialog: "pdf",
    fileName: sc.fileName,
    bytes: sc.bytes,
    startPage: sc.startPage!,
  });
  assert.equal(good.ok, true);
  assert.deepEqual(good.options, { startPage: sc.startPage });
  assert.equal(good.tables.dsp_weekly_scorecards!.length, 1);
  assert.equal(good.tables.da_weekly_performance!.length, 8);
  assert.equal(good.tables.whc_exceptions!.length, 2);
  assert.ok(good.tables.da_weekly_performance!.every((r) => r.source === "scorecard"));
  const bad = await parseUpload({ dialog: "pdf", fileName: sc.fileName, bytes: sc.bytes, startPage: 1 });
  assert.equal(bad.ok, false);
  assert.deepEqual(bad.tables, {});
  assert.equal(bad.problems.find((q) => q.fatal)?.page, 1);
});

Deno.test("a file the dialog does not take is refused, naming what it looks like and where it goes", async () => {
  const dnr = await parseUpload({ dialog: "csv", ...makeDnr(at) });
  assert.equal(dnr.ok, false);
  assert.deepEqual(dnr.tables, {});
  assert.match(
    dnr.problems[0].message,
    /looks like a DNR \/ DSB CSV.*Weekly CSV dialog.*upload it in the DNR CSV dialog/,
  );
  const sc = makeScorecardPdf({ ...at, variant: "later" });
  const pdfAsWhc = await parseUpload({ dialog: "whc", fileName: sc.fileName, bytes: sc.bytes });
  assert.match(pdfAsWhc.problems[0].message, /weekly scorecard PDF.*Weekly PDF dialog/);
  const returns = await parseUpload({ dialog: "dnr", ...makeReturns(at) });
  assert.match(returns.problems[0].message, /no import takes/);
  const junk = await parseUpload({
    dialog: "csv",
    fileName: "notes.txt",
    bytes: new TextEncoder().encode("hello"),
  });
  assert.match(junk.problems[0].message, /not a file any Amazon import reads/);
  const empty = await parseUpload({ dialog: "csv", fileName: "x.csv", bytes: new Uint8Array() });
  assert.equal(empty.problems[0].message, "the file is empty.");
  assert.match(wrongDialog("pdf", "overview-csv"), /Weekly CSV dialog/);
});
