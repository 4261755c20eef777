// `dsp import` against the real app (in this process, on the demo database), with `dsp` running as its own
// process as cron would run it, on folders of generated Amazon files.
import assert from "node:assert/strict";
import http from "node:http";
import type { AddressInfo } from "node:net";
import { join } from "node:path";
import { isNull } from "drizzle-orm";
import { startTestApp } from "../helpers/app.ts";
import { amazonImports } from "../../lib/imports/schema.ts";
import { dsp, dspLogin, show } from "../../cli/testing.ts";
import { writeWeekFolder } from "../../cli/import-testing.ts";
import { makeDas } from "../../lib/dev/amazon/mutate.ts";
import { makeOverview } from "../../lib/dev/amazon/overview.ts";
import { makeReliabilityPdf } from "../../lib/dev/amazon/reliability-pdf.ts";
import { NOT_LOGGED_IN } from "../../cli/client.ts";
import type { ImportReport } from "../../cli/import-report.ts";

const app = await startTestApp({ engine: "postgres" });
const tmp = Deno.makeTempDirSync({ prefix: "dsp-cli-import-" });
globalThis.addEventListener("unload", () => {
  void app.close();
  Deno.removeSync(tmp, { recursive: true });
});

let n = 0;
const fresh = () => join(tmp, `creds-${++n}`, "credentials.json");

const loggedIn = (email = "owner@example.com") => dspLogin(app.url, email, fresh());

/** Active imports for a week. */
async function imported(week: string) {
  const rows = await app.db.db.select().from(amazonImports).where(isNull(amazonImports.replacedAt));
  return rows.filter((r) => r.week === week);
}

/** A folder with DON9's five files for the week (20 DAs each: quick to parse), plus a note that is no Amazon file. */
async function weekFolder(week: number, stations = ["DON9"]): Promise<string> {
  const dir = join(tmp, `week-${week}-${++n}`);
  await writeWeekFolder(dir, { stations, year: 2026, week, das: 20, seed: week });
  Deno.writeTextFileSync(join(dir, "readme.txt"), "downloaded from the Amazon portal\n");
  Deno.writeTextFileSync(join(dir, ".DS_Store"), "\0\0");
  return dir;
}

Deno.test("--dry-run says what each file is, needs no login and writes nothing", async () => {
  const dir = await weekFolder(8);
  const before = (await imported("2026-W08")).length;
  const r = await dsp(["import", dir, "--dry-run"], { env: { DSP_CREDENTIALS: fresh() } });
  assert.equal(r.code, 0, show(r));
  const lines = r.stdout.trim().split("\n");
  assert.equal(lines.filter((l) => l.startsWith("valid ")).length, 5, show(r));
  assert.match(
    r.stdout,
    /valid +US_ACME_DON9_Week8_2026_en_DSPScorecard\.pdf +DON9 2026-W08 scorecard-pdf, 20 rows, DA table from page 3/,
  );
  assert.match(
    r.stdout,
    /valid +DSP_Overview_Dashboard_ACME_DON9_2026-W08\.csv +DON9 2026-W08 overview-csv, 20 rows/,
  );
  assert.match(r.stdout, /Note: left alone 1 entry .*readme\.txt/);
  assert.match(lines.at(-1)!, /^Dry run, nothing sent: 5 files \(5 valid\)/);
  assert.equal((await imported("2026-W08")).length, before);

  // A file named on the command line that is not an Amazon file fails the run, naming it.
  const named = await dsp(["import", "--dry-run", dir, join(dir, "readme.txt")], {
    env: { DSP_CREDENTIALS: fresh() },
  });
  assert.equal(named.code, 1, show(named));
  assert.match(named.stdout, /skipped +readme\.txt: not an Amazon weekly file/);
  assert.match(named.stderr, /Error: 1 of 6 files would not be imported: readme\.txt\./);
});

Deno.test("a folder with one bad file imports the good ones and fails naming it; a second run skips them all", async () => {
  const env = await loggedIn();
  const dir = await weekFolder(9);
  // A DNR file for HYZ1 whose columns are not the DNR's.
  const bad = "Quality_DSB_DNR_ACME_HYZ1_2026-W09.csv";
  Deno.writeTextFileSync(join(dir, bad), "Transporter ID,DSB Count\nA1B2C3D4E5F6G7,x\n");
  // A good file for a station the server does not know: refused there, with its sentence.
  const foreign = makeOverview({ station: "XXX1", year: 2026, week: 9, das: makeDas(5, 9), seed: 9 });
  Deno.writeFileSync(join(dir, foreign.fileName), foreign.bytes);
  const first = await dsp(["import", dir], { env });
  assert.equal(first.code, 1, show(first));
  assert.equal(first.stdout.split("\n").filter((l) => l.startsWith("imported ")).length, 5, show(first));
  assert.match(first.stdout, new RegExp(`failed +${bad.replaceAll(".", "\\.")}: `));
  assert.match(first.stdout, new RegExp(`failed +${foreign.fileName.replaceAll(".", "\\.")}: .*XXX1`));
  assert.match(
    first.stdout,
    /imported +US_ACME_DON9_Week9_2026_en_DSPScorecard\.pdf +DON9 2026-W09 scorecard-pdf, \d+ rows, \d+ unmatched, DA table from page 3, \d+ ms/,
  );
  assert.match(
    first.stderr,
    new RegExp(`Error: 2 of 7 files were not imported: .*${bad.replaceAll(".", "\\.")}`),
  );
  const rows = await imported("2026-W09");
  assert.equal(rows.length, 5);
  assert.deepEqual(rows.map((r) => r.slot).sort(), ["dnr", "overview", "reliability", "scorecard", "whc"]);

  Deno.removeSync(join(dir, bad));
  Deno.removeSync(join(dir, foreign.fileName));
  const again = await dsp(["import", dir], { env });
  assert.equal(again.code, 0, show(again));
  assert.equal(
    again.stdout.split("\n").filter((l) => / already imported /.test(l + " ")).length,
    5,
    show(again),
  );
  assert.match(again.stdout, /^Done: 5 files \(5 already imported\)/m);
  assert.equal((await imported("2026-W09")).length, 5);
});

Deno.test("--json prints one document for scripts", async () => {
  const env = await loggedIn("manager@example.com");
  const dir = await weekFolder(10, ["DON9", "HYZ1"]);
  // HYZ1's reliability as a PDF too: the same slot, so the XLSX (named after it) replaces it.
  const rel = makeReliabilityPdf({ station: "HYZ1", year: 2026, week: 10, seed: 10 });
  Deno.writeFileSync(join(dir, rel.fileName), rel.bytes);
  const r = await dsp(["import", dir, "--json", "--station", "hyz1"], { env });
  assert.equal(r.code, 0, show(r));
  assert.equal(r.stderr, "");
  const doc = JSON.parse(r.stdout) as ImportReport;
  assert.equal(doc.ok, true);
  assert.equal(doc.dry_run, false);
  assert.equal(doc.server, app.url);
  assert.deepEqual(doc.ignored, [{ file: join(dir, "readme.txt"), reason: "not an Amazon weekly file" }]);
  assert.equal(doc.files.length, 11);
  const hyz1 = doc.files.filter((f) => f.station === "HYZ1");
  assert.deepEqual(hyz1.map((f) => [f.kind, f.status]), [
    ["reliability-pdf", "imported"],
    ["reliability-xlsx", "replaced"],
    ["overview-csv", "imported"],
    ["dnr-csv", "imported"],
    ["scorecard-pdf", "imported"],
    ["whc-xlsx", "imported"],
  ]);
  assert.equal(hyz1[1].replaced_id, hyz1[0].import_id);
  for (const f of hyz1) {
    assert.equal(f.ok, true);
    assert.equal(f.week, "2026-W10");
    assert.ok(
      f.import_id! > 0 && f.rows! > 0 && f.unmatched! >= 0 && f.ms! > 0 && f.server_ms! >= 0,
      JSON.stringify(f),
    );
    assert.equal(f.sha256!.length, 64);
  }
  const don9 = doc.files.filter((f) => f.station === "DON9");
  assert.deepEqual(
    don9.map((f) => [f.status, f.ok, f.detail]),
    Array(5).fill(["skipped", true, "for station DON9, not HYZ1"]),
  );
  assert.deepEqual(
    { ...doc.summary, ms: 0 },
    {
      files: 11,
      imported: 5,
      replaced: 1,
      unchanged: 0,
      already_imported: 0,
      skipped: 5,
      failed: 0,
      valid: 0,
      ms: 0,
    },
  );
  assert.deepEqual((await imported("2026-W10")).map((i) => i.stationId), [2, 2, 2, 2, 2]);

  // A station none of the files is for is a failure, not a quiet success.
  const none = await dsp(["import", dir, "--json", "--station", "DTO3"], { env });
  assert.equal(none.code, 1, show(none));
  assert.equal(JSON.parse(none.stderr).error, "No file is for station DTO3.");
});

Deno.test("a dispatcher is refused with the server's sentence", async () => {
  const env = await loggedIn("dispatcher@example.com");
  const dir = await weekFolder(11);
  const r = await dsp(["import", dir], { env });
  assert.equal(r.code, 1, show(r));
  assert.match(r.stderr, /not open to your role/);
  assert.equal((await imported("2026-W11")).length, 0);
});

Deno.test("not logged in, or the server down: a clear error and a non-zero exit", async () => {
  const dir = await weekFolder(12);
  const none = await dsp(["import", dir], { env: { DSP_CREDENTIALS: fresh() } });
  assert.equal(none.code, 1, show(none));
  assert.equal(none.stderr.trim(), `Error: ${NOT_LOGGED_IN}`);
  assert.equal(none.stdout, "");

  const env = await loggedIn();
  const s = http.createServer().listen(0, "127.0.0.1");
  await new Promise((ok) => s.once("listening", ok));
  const down = `http://127.0.0.1:${(s.address() as AddressInfo).port}`;
  await new Promise((ok) => s.close(ok));
  const creds = JSON.parse(Deno.readTextFileSync(env.DSP_CREDENTIALS));
  Deno.writeTextFileSync(env.DSP_CREDENTIALS, JSON.stringify({ ...creds, server: down }));
  const r = await dsp(["import", dir], { env });
  assert.equal(r.code, 1, show(r));
  assert.match(r.stderr, new RegExp(`Cannot reach the server at ${down}`));
  assert.equal((await imported("2026-W12")).length, 0);
});

Deno.test("usage errors exit 2", async () => {
  const page = await dsp(["import", tmp, "--dry-run", "--page", "0"]);
  assert.equal(page.code, 2, show(page));
  assert.match(page.stderr, /--page: must be 1 or more/);
  const station = await dsp(["import", tmp, "--dry-run", "--station", "not a tag"]);
  assert.equal(station.code, 2, show(station));
  assert.match(station.stderr, /--station: a station tag such as DON9/);
  const nothing = await dsp(["import"]);
  assert.equal(nothing.code, 2, show(nothing));
});
