import assert from "node:assert/strict";
import {
  ALREADY_IMPORTED,
  buildReport,
  closingLines,
  emptyReport,
  fileLine,
  type FileReport,
  problemLines,
  problemText,
  summaryLine,
} from "./import-report.ts";

const file = (over: Partial<FileReport>): FileReport => ({
  ...emptyReport(
    "US_ACME_DON9_Week21_2026_en_DSPScorecard.pdf",
    "in/US_ACME_DON9_Week21_2026_en_DSPScorecard.pdf",
  ),
  kind: "scorecard-pdf",
  station: "DON9",
  week: "2026-W21",
  ...over,
});

Deno.test("the run is ok only when every file is, and there is at least one", () => {
  const opts = { dryRun: false, server: "http://x", ms: 1234.4 };
  assert.equal(buildReport([], [], opts).ok, false);
  const good = [
    file({ status: "imported", ok: true }),
    file({ status: "skipped", ok: true, detail: ALREADY_IMPORTED }),
    file({ status: "unchanged", ok: true }),
  ];
  const r = buildReport(good, [], opts);
  assert.equal(r.ok, true);
  assert.deepEqual(r.summary, {
    files: 3,
    imported: 1,
    replaced: 0,
    unchanged: 1,
    already_imported: 1,
    skipped: 1,
    failed: 0,
    valid: 0,
    ms: 1234,
  });
  assert.equal(buildReport([...good, file({ status: "failed", ok: false })], [], opts).ok, false);
  // A file named on the command line that is not an Amazon file is skipped, and fails the run.
  assert.equal(buildReport([...good, file({ status: "skipped", ok: false })], [], opts).ok, false);
});

Deno.test("one line per file: status, name, what it is and the figures; failures add their problems", () => {
  const ok = file({ status: "imported", ok: true, rows: 157, unmatched: 150, start_page: 3, ms: 812.3 });
  assert.deepEqual(fileLine(ok), [
    "imported  US_ACME_DON9_Week21_2026_en_DSPScorecard.pdf  DON9 2026-W21 scorecard-pdf, 157 rows, 150 unmatched, DA table from page 3, 812 ms",
  ]);
  const problems = [
    {
      file: "x.pdf",
      message: "the file name says week 2026-W21 but the summary page says 2026-W22.",
      fatal: true,
    },
    { file: "x.pdf", page: 4, row: 7, column: "DCR", message: "'9x%' is not a percentage" },
    { file: "x.pdf", page: 5, message: "a" },
    { file: "x.pdf", page: 6, message: "b" },
    { file: "x.pdf", page: 7, message: "c" },
  ];
  const bad = file({ status: "failed", ok: false, detail: problemText(problems[0]), problems });
  const lines = fileLine(bad);
  assert.match(
    lines[0],
    /^failed +US_ACME_DON9_Week21_2026_en_DSPScorecard\.pdf: the file name says week 2026-W21/,
  );
  assert.equal(lines[1], "    warning: page 4, row 7, column 'DCR': '9x%' is not a percentage");
  assert.equal(lines.length, 5);
  assert.equal(lines[4], "    ... and 1 more problem");
  const skipped = file({ status: "skipped", ok: true, detail: ALREADY_IMPORTED, rows: 150 });
  assert.deepEqual(fileLine(skipped), [
    "skipped   US_ACME_DON9_Week21_2026_en_DSPScorecard.pdf: already imported (DON9 2026-W21 scorecard-pdf)",
  ]);
});

Deno.test("problems are listed fatal first, without the file name", () => {
  const lines = problemLines([
    { file: "a.csv", row: 3, message: "late" },
    { file: "a.csv", message: "the week is neither in the file name nor in the file.", fatal: true },
  ]);
  assert.deepEqual(lines, [
    "    the week is neither in the file name nor in the file.",
    "    warning: row 3: late",
  ]);
});

Deno.test("the summary counts what happened; the note names what was left alone", () => {
  const r = buildReport(
    [
      file({ status: "imported", ok: true }),
      file({ status: "replaced", ok: true }),
      file({ status: "skipped", ok: true, detail: ALREADY_IMPORTED }),
      file({ status: "failed", ok: false }),
    ],
    [{ file: "in/readme.txt", reason: "not an Amazon weekly file" }],
    { dryRun: false, server: null, ms: 2500 },
  );
  assert.equal(
    summaryLine(r),
    "Not all imported: 4 files (1 imported, 1 replaced, 1 already imported, 1 failed) in 2.5 s.",
  );
  assert.match(closingLines(r)[0], /^Note: left alone 1 entry in the folders .*: readme\.txt\.$/);
  const dry = buildReport([file({ status: "valid", ok: true })], [], { dryRun: true, server: null, ms: 100 });
  assert.equal(summaryLine(dry), "Dry run, nothing sent: 1 file (1 valid) in 0.1 s.");
});
