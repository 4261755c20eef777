import assert from "node:assert/strict";
import type { ImportOutcomeDto } from "../../lib/imports/dto.ts";
import {
  canUpload,
  dialogInfo,
  dialogTitle,
  failureToast,
  formatDuration,
  kindLabel,
  outcomeLine,
  PAGE_DIALOGS,
  percentOf,
  problemPlace,
  splitCounts,
  splitName,
  successToast,
  tableLabel,
} from "./dialogs.ts";

Deno.test("the drawer offers the five dialogs of 01 'Import page', in order, with their file types", () => {
  assert.deepEqual(PAGE_DIALOGS.map((d) => d.dialog), ["pdf", "dnr", "csv", "reliability", "whc"]);
  assert.deepEqual(PAGE_DIALOGS.map((d) => d.accept), [".pdf", ".csv", ".csv", null, ".xlsx"]);
  assert.deepEqual(PAGE_DIALOGS.filter((d) => d.needsPage).map((d) => d.dialog), ["pdf"]);
});

Deno.test("success toasts are the catalogue's, per dialog; reliability by the kind it turned out to be", () => {
  assert.equal(successToast("pdf", "scorecard-pdf"), "PDF file was uploaded!");
  assert.equal(successToast("csv", "overview-csv"), "Csv file was uploaded!");
  assert.equal(successToast("dnr", "dnr-csv"), "CSV file was uploaded!");
  assert.equal(successToast("dnr", "concessions-csv"), "CSV file was uploaded!");
  assert.equal(successToast("reliability", "reliability-xlsx"), "XLSX file was uploaded!");
  assert.equal(successToast("reliability", "reliability-pdf"), "PDF file was uploaded!");
  assert.equal(successToast("whc", "whc-xlsx"), "Xlsx file was uploaded!");
});

Deno.test("every dialog has a failure toast; CSV and XLSX keep the catalogue's texts", () => {
  assert.equal(failureToast("csv", "a.csv"), "Csv file was not uploaded! Please try again.");
  assert.equal(failureToast("dnr", "a.csv"), "Csv file was not uploaded! Please try again.");
  assert.equal(failureToast("whc", "a.xlsx"), "Xlsx file was not uploaded! Please try again.");
  assert.equal(failureToast("reliability", "a.xlsx"), "Xlsx file was not uploaded! Please try again.");
  assert.equal(failureToast("reliability", "A.PDF"), "PDF file was not uploaded! Please try again.");
  assert.equal(failureToast("pdf", "x.pdf"), "PDF file was not uploaded! Please try again.");
});

Deno.test("Upload waits for a file, and in the PDF dialog for a start page of at least 1", () => {
  const pdf = dialogInfo("pdf"), csv = dialogInfo("csv");
  const file = { name: "x.pdf" };
  assert.equal(canUpload(pdf, null, "3"), false);
  assert.equal(canUpload(pdf, file, "0"), false, "page 0 is shown but not accepted");
  assert.equal(canUpload(pdf, file, ""), false);
  assert.equal(canUpload(pdf, file, "-1"), false);
  assert.equal(canUpload(pdf, file, "2.5"), false);
  assert.equal(canUpload(pdf, file, "3"), true);
  assert.equal(canUpload(csv, null, ""), false);
  assert.equal(canUpload(csv, { name: "x.csv" }, ""), true, "no page asked outside the PDF dialog");
});

Deno.test("a problem's place names page, row and column; a whole-file problem has none", () => {
  assert.equal(
    problemPlace({ file: "f", page: 3, row: 12, column: "DCR", message: "m" }),
    "Page 3 · row 12 · column DCR",
  );
  assert.equal(problemPlace({ file: "f", row: 4, message: "m" }), "Row 4");
  assert.equal(problemPlace({ file: "f", column: "Week", message: "m" }), "Column Week");
  assert.equal(problemPlace({ file: "f", message: "m" }), "");
});

Deno.test("labels: kinds, tables, durations, names", () => {
  assert.equal(kindLabel("scorecard-pdf"), "Scorecard PDF");
  assert.equal(kindLabel("something-new"), "something-new");
  assert.equal(tableLabel("da_weekly_performance"), "DA weekly performance");
  assert.equal(tableLabel("whc_exceptions"), "WHC exceptions");
  assert.equal(tableLabel("capacity_reliability_days"), "Capacity reliability days");
  assert.equal(tableLabel("matched_das"), "Matched das");
  assert.equal(formatDuration(850), "850 ms");
  assert.equal(formatDuration(2449), "2.4 s");
  assert.equal(formatDuration(65_000), "1 min 5 s");
  assert.equal(formatDuration(Number.NaN), "");
  assert.deepEqual(splitName("Maria del Carmen Garcia"), {
    first_name: "Maria del Carmen",
    last_name: "Garcia",
  });
  assert.deepEqual(splitName("Cher"), { first_name: "Cher", last_name: "" });
  assert.deepEqual(splitName(null), { first_name: "", last_name: "" });
  assert.equal(percentOf(50, 200), 25);
  assert.equal(percentOf(5, 0), 0);
  assert.equal(percentOf(300, 200), 100);
});

const outcome = (o: Partial<ImportOutcomeDto> & { rows?: number; unmatched?: number }): ImportOutcomeDto => ({
  status: o.status ?? "imported",
  replaced_id: o.replaced_id ?? null,
  took_ms: o.took_ms ?? 1234,
  import: {
    id: 7,
    rows: o.rows ?? 1500,
    unmatched: o.unmatched ?? 0,
    station: { id: 1, title: "DON9", tag: "DON9" },
    week: "2026-W45",
  } as ImportOutcomeDto["import"],
});

Deno.test("the outcome line says what was stored, what did not match, and how long it took", () => {
  assert.equal(
    outcomeLine(outcome({ unmatched: 2 })),
    "Stored 1,500 rows for DON9, 2026-W45. 2 transporter IDs match no DA yet. Took 1.2 s.",
  );
  assert.equal(
    outcomeLine(outcome({ rows: 1, unmatched: 1, took_ms: 40 })),
    "Stored 1 row for DON9, 2026-W45. 1 transporter ID matches no DA yet. Took 40 ms.",
  );
  assert.equal(
    outcomeLine(outcome({ status: "replaced", replaced_id: 3 })),
    "Stored 1,500 rows for DON9, 2026-W45. Every transporter ID matches a DA. It replaces import #3. Took 1.2 s.",
  );
  assert.equal(
    outcomeLine(outcome({ status: "unchanged" })),
    "This file was already imported (import #7); nothing changed. Took 1.2 s.",
  );
});

Deno.test("dialog titles; counts split into tables and the DA match at import time", () => {
  assert.equal(dialogTitle(dialogInfo("pdf")), "Upload weekly report PDF");
  assert.equal(dialogTitle(dialogInfo("reliability")), "Upload reliability scores (PDF or XLSX)");
  assert.equal(dialogTitle(dialogInfo("whc")), "Upload WHC check value XLSX");
  assert.deepEqual(splitCounts({ da_weekly_performance: 19, whc_exceptions: 2, matched: 16, unmatched: 3 }), {
    tables: [["da_weekly_performance", 19], ["whc_exceptions", 2]],
    atImport: { matched: 16, unmatched: 3 },
  });
  assert.deepEqual(splitCounts({ capacity_reliability_days: 7 }), {
    tables: [["capacity_reliability_days", 7]],
    atImport: null,
  });
});
