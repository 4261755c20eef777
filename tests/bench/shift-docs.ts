// Shift documents benchmark (issue 4 items 6 and 8), on PostgreSQL: the PDF of a 150-row tracker (goal
// <= 1 s) and the 150-row day's routes XLSX upload (goal <= 0.5 s; the system we replace took ~15 s),
// each the median of 5 runs after a warm-up, through the lib functions and through the HTTP API.
//
//   deno run -A tests/bench/shift-docs.ts     (alone; or as the suite `shift-docs` of tests/bench/main.ts)
import { existsSync } from "node:fs";
import type { Db } from "../../lib/db/client.ts";
import { shiftRecords, shiftReports, stationSpots, users, vans } from "../../lib/db/schema.ts";
import { addDays } from "../../lib/dates/calendar.ts";
import { todayIn } from "../../lib/dates/periods.ts";
import { stored, weekOf } from "../../lib/dates/weeks.ts";
import { makeSpot, makeStation, makeUser } from "../../lib/demo/factories.ts";
import { ensureBuiltInFleetSizes } from "../../lib/vans/built-in.ts";
import { loadTracker, type TrackerViewer } from "../../lib/shifts/tracker/queries.ts";
import { trackerPdf } from "../../lib/shifts/pdf.ts";
import { uploadShiftXlsx } from "../../lib/shifts/shift-upload.ts";
import { builtEntry } from "../../lib/web/server.ts";
import { Client, startTestApp } from "../helpers/app.ts";
import { testPostgres } from "../helpers/db.ts";
import { sampleRows, shiftXlsx } from "../fixtures/shift-xlsx.ts";
import { type Figure, log, median, ms, table, verdict } from "./lib.ts";

export const name = "shift-docs";
const ROWS = 150;
const RUNS = 5;
const PDF_GOAL = 1_000;
const UPLOAD_GOAL = 500;
const OLD_SYSTEM = "~15 s (old system)";
const PASSWORD = "bench shift docs";

async function timed<T>(fn: () => Promise<T>): Promise<[T, number]> {
  const t = performance.now();
  const out = await fn();
  return [out, performance.now() - t];
}

function figure(label: string, samples: number[], goal: number, baseline?: string): Figure {
  const m = median(samples);
  return {
    suite: name,
    figure: label,
    value: ms(m),
    baseline,
    goal: `<= ${ms(goal)}`,
    pass: Number.isFinite(m) ? m <= goal : null,
    note: `median of ${samples.length}: ${samples.map((s) => ms(s)).join(", ")}`,
  };
}

/** One station with 160 active DAs, 170 vans of the tracker's sizes and a dispatcher who can sign in. */
async function fixture(db: Db) {
  await ensureBuiltInFleetSizes(db);
  const station = await makeStation(db, { title: "Bench Station BNC1", tag: "BNC1" });
  const das = await db.insert(users).values(Array.from({ length: 160 }, (_, i) => ({
    email: `bench.da.${i}@drivers.example.com`,
    firstName: `Bench${i}`,
    lastName: `Driver${String.fromCharCode(65 + (i % 26))}${i}`,
    role: 5,
    status: 1,
    transporterId: `AB${String(i).padStart(12, "0")}`,
    badge: String(50_000 + i),
    mobileNumber: `+1206555${String(i).padStart(4, "0")}`,
  }))).returning({
    id: users.id,
    firstName: users.firstName,
    lastName: users.lastName,
    transporterId: users.transporterId,
  });
  await db.insert(stationSpots).values(das.map((d) => ({ userId: d.id, stationId: station.id })));
  const sizes = [1, 1, 1, 6, 2, 3];
  const vanRows = await db.insert(vans).values(Array.from({ length: 170 }, (_, i) => ({
    number: `B${1000 + i}`,
    fleetSizeId: sizes[i % sizes.length],
    stationId: station.id,
    status: 1,
  }))).returning({ id: vans.id });
  const dispatcher = await makeUser(db, { role: 1, password: PASSWORD });
  await makeSpot(db, dispatcher.id, station.id);
  return { station, das, vanIds: vanRows.map((v) => v.id), dispatcher };
}

async function report(db: Db, stationId: number, date: string): Promise<number> {
  const w = weekOf(date);
  const [r] = await db.insert(shiftReports).values({
    stationId,
    reportDate: date,
    weekNumber: stored(w.week),
    year: w.year,
  })
    .returning({ id: shiftReports.id });
  return r.id;
}

export async function run(): Promise<Figure[]> {
  log(
    `\n## Shift documents: the PDF of a ${ROWS}-row tracker, and a ${ROWS}-row routes XLSX upload (PostgreSQL)\n`,
  );
  const h = await testPostgres();
  const figures: Figure[] = [];
  try {
    const db = h.db;
    const f = await fixture(db);
    const viewer: TrackerViewer = {
      id: f.dispatcher.id,
      role: 1,
      stationIds: [f.station.id],
      can_create_old_shifts: false,
    };
    const today = todayIn();

    // The PDF: a full report, every row confirmed.
    const pdfReport = await report(db, f.station.id, addDays(today, 1));
    await db.insert(shiftRecords).values(
      f.das.slice(0, ROWS).map((d, i) => ({
        reportId: pdfReport,
        reportDate: addDays(today, 1),
        driverId: d.id,
        vanId: f.vanIds[i],
        route: `CX${i + 1}`,
        waveTime: `Wave ${1 + Math.floor(i / 30)}`,
        daStatus: 1,
        createdAt: new Date(Date.now() + i),
      })),
    );
    const pdfOnce = async () => {
      const data = await loadTracker(db, viewer, pdfReport);
      return trackerPdf(data.report, data.records);
    };
    await pdfOnce();
    const pdfLib: number[] = [];
    for (let i = 0; i < RUNS; i++) pdfLib.push((await timed(pdfOnce))[1]);
    figures.push(figure(`PDF, ${ROWS} rows (lib: load + build)`, pdfLib, PDF_GOAL));

    // The upload: a fresh report each run, so every run really writes 150 rows.
    const bytes = await shiftXlsx(sampleRows(f.das.slice(0, ROWS)), { variant: "day-of-plan" });
    const file = {
      fileName: "bench routes.xlsx",
      contentType: "application/octet-stream",
      size: bytes.length,
      bytes,
    };
    let day = 10;
    const uploadOnce = async () => {
      const date = addDays(today, day++);
      const id = await report(db, f.station.id, date);
      const [out, took] = await timed(() =>
        uploadShiftXlsx(db, viewer, { report: id, shiftDate: date, file })
      );
      if (out.created !== ROWS) {
        throw new Error(
          `expected ${ROWS} rows, got ${JSON.stringify({ ...out, unmatched: out.unmatched.slice(0, 3) })}`,
        );
      }
      return { id, date, took };
    };
    await uploadOnce();
    const upLib: number[] = [];
    let last = { id: 0, date: "" };
    for (let i = 0; i < RUNS; i++) {
      const r = await uploadOnce();
      upLib.push(r.took);
      last = r;
    }
    figures.push(figure(`XLSX upload, ${ROWS} rows (lib)`, upLib, UPLOAD_GOAL, OLD_SYSTEM));
    const again: number[] = [];
    for (let i = 0; i < RUNS; i++) {
      again.push(
        (await timed(() => uploadShiftXlsx(db, viewer, { report: last.id, shiftDate: last.date, file })))[1],
      );
    }
    figures.push(
      figure(`XLSX upload, same ${ROWS} rows again (lib, no change)`, again, UPLOAD_GOAL, OLD_SYSTEM),
    );

    if (existsSync(builtEntry())) {
      const app = await startTestApp({ db: { ...h, close: async () => {} } });
      try {
        const client = new Client(app.url);
        await client.login(f.dispatcher.email, PASSWORD);
        const getPdf = async () => {
          const res = await client.fetch(`/api/da-daily-report/${pdfReport}/pdf/`);
          const body = new Uint8Array(await res.arrayBuffer());
          if (res.status !== 200 || body.length < 1000) throw new Error(`pdf: ${res.status}`);
        };
        await getPdf();
        const pdfHttp: number[] = [];
        for (let i = 0; i < RUNS; i++) pdfHttp.push((await timed(getPdf))[1]);
        figures.push(figure(`PDF, ${ROWS} rows (HTTP GET)`, pdfHttp, PDF_GOAL));

        const post = async () => {
          const date = addDays(today, day++);
          const id = await report(db, f.station.id, date);
          const fd = new FormData();
          fd.set("shift_date", date);
          fd.set("report", String(id));
          fd.set("xlsx_file", new File([bytes as BlobPart], "bench routes.xlsx"));
          const [res, took] = await timed(async () => {
            const res = await client.fetch("/api/upload-xlsx-shift-data/", { method: "POST", body: fd });
            return { status: res.status, body: await res.json() };
          });
          if (res.status !== 200 || res.body.created !== ROWS) {
            throw new Error(`upload: ${res.status} ${JSON.stringify(res.body).slice(0, 300)}`);
          }
          return took;
        };
        await post();
        const upHttp: number[] = [];
        for (let i = 0; i < RUNS; i++) upHttp.push(await post());
        figures.push(figure(`XLSX upload, ${ROWS} rows (HTTP multipart)`, upHttp, UPLOAD_GOAL, OLD_SYSTEM));
      } finally {
        await app.close();
      }
    } else {
      log(`  not built (${builtEntry()}): the HTTP figures are skipped`);
    }
  } finally {
    await h.close();
  }
  log(table(
    ["figure", "value", "baseline", "goal", "result", "note"],
    figures.map((f) => [f.figure, f.value, f.baseline ?? "", f.goal ?? "", verdict(f), f.note ?? ""]),
  ));
  return figures;
}

/** The brief's entry point: runs the suite and prints its table. */
export async function benchShiftDocs(): Promise<void> {
  await run();
}

if (import.meta.main) {
  await benchShiftDocs();
  Deno.exit(0);
}
