// The demo's imported Amazon weeks (issue 5): for each demo station and each of the last completed weeks, the
// files a DSP uploads every week (scorecard PDF, overview CSV, DNR and concessions CSVs, DCR/POD/PSB CSVs,
// capacity reliability, WHC workbook), generated with the dev generators from the station's own DAs plus a
// few transporter ids the register lacks, and imported through the real import path as the demo owner, so
// the history shows kept files and the unmatched list has something to link. Deterministic (fixed seeds);
// the upload times are then set to the Monday after each week, as a DSP would have uploaded them.
import { and, eq, isNotNull, sql } from "drizzle-orm";
import type { Queryable } from "../db/client.ts";
import { stationSpots, users } from "../org/schema.ts";
import { uploads } from "../uploads/schema.ts";
import { amazonImports } from "../imports/schema.ts";
import type { ImportDialog } from "../imports/dto.ts";
import type { RoleId } from "../auth/roles.ts";
import { importFile } from "../imports/store.ts";
import { todayIn } from "../dates/periods.ts";
import { prevWeek, weekEnd, weekOf, type WeekRef } from "../dates/weeks.ts";
import { getTimeZone } from "../settings/queries.ts";
import { type FixtureDa, makeDas, rng } from "../dev/amazon/mutate.ts";
import { makeScorecardPdf } from "../dev/amazon/scorecard-pdf.ts";
import { makeOverview } from "../dev/amazon/overview.ts";
import { makeDnr } from "../dev/amazon/dnr.ts";
import { makeConcessions } from "../dev/amazon/concessions.ts";
import { makeDcr, makePod, makePsb } from "../dev/amazon/quality.ts";
import { makeReliabilityXlsx } from "../dev/amazon/reliability-xlsx.ts";
import { makeReliabilityPdf } from "../dev/amazon/reliability-pdf.ts";
import { makeWhc } from "../dev/amazon/whc.ts";

export const IMPORT_WEEKS = 8;
/** The demo organisation's DSP short code, as Amazon's file names carry it. */
export const DEMO_DSP = "DDCO";
const STATIONS = [{ id: 1, tag: "DON9" }, { id: 2, tag: "HYZ1" }, { id: 3, tag: "DTO3" }] as const;
/** Transporter ids per station that no demo DA holds (the /import page's unmatched list). */
const UNKNOWN_PER_STATION = 3;

export interface DemoFile {
  dialog: ImportDialog;
  fileName: string;
  bytes: Uint8Array;
  contentType: string;
  startPage?: number;
}

export interface ImportsResult {
  imports: number;
  replaced: number;
}

const CSV = "text/csv";
const XLSX = "application/vnd.openxmlformats-officedocument.spreadsheetml.sheet";
const PDF = "application/pdf";

/** The station's DAs with a transporter id, as the files name them (active ones work; leavers do not). */
async function stationDas(tx: Queryable, stationId: number): Promise<FixtureDa[]> {
  const rows = await tx.select({ tid: users.transporterId, first: users.firstName, last: users.lastName })
    .from(users).innerJoin(stationSpots, eq(stationSpots.userId, users.id))
    .where(and(
      eq(stationSpots.stationId, stationId),
      eq(users.role, 5),
      eq(users.isActive, true),
      isNotNull(users.transporterId),
    )).orderBy(users.id);
  return rows.map((r) => ({ transporterId: r.tid!, name: `${r.first} ${r.last}`.trim() }));
}

/** Each DA's lasting level: most do well, a few struggle (the scoreboards' tail). */
function skills(das: FixtureDa[], seed: number): Record<string, number> {
  const r = rng(seed);
  return Object.fromEntries(
    das.map((da) => [da.transporterId, r() < 0.12 ? 0.45 + r() * 0.2 : 0.7 + r() * 0.3]),
  );
}

/** Who worked the week: most of the station's DAs (some off each week) and two of its unknown ids. */
function crew(das: FixtureDa[], unknown: FixtureDa[], seed: number): FixtureDa[] {
  const r = rng(seed);
  const out = das.filter(() => r() >= 0.1);
  for (const u of unknown) if (r() < 0.67) out.push(u);
  // Amazon lists DAs in its own order, not the register's.
  return out.map((da) => ({ da, k: r() })).sort((a, b) => a.k - b.k).map((x) => x.da);
}

/**
 * One station-week's files. `index` counts back from the latest completed week (0): that week's scorecard
 * is the DSP-level generation (Amazon's from October 2025), older ones list every DA; the reliability
 * sheet comes as a PDF one week in eight.
 */
export async function weekFiles(
  station: string,
  week: WeekRef,
  index: number,
  das: FixtureDa[],
  seed: number,
  skill?: Record<string, number>,
): Promise<DemoFile[]> {
  const base = { station, week: week.week, year: week.year, das, dsp: DEMO_DSP, skill };
  const sc = makeScorecardPdf({
    ...base,
    variant: index === 0 ? "dsp-level" : "eu3",
    seed,
    summaryPages: 1,
  });
  const files: DemoFile[] = [
    { dialog: "pdf", fileName: sc.fileName, bytes: sc.bytes, contentType: PDF, startPage: sc.startPage ?? 1 },
  ];
  const csv = (dialog: ImportDialog, f: { fileName: string; bytes: Uint8Array }) =>
    files.push({ dialog, fileName: f.fileName, bytes: f.bytes, contentType: CSV });
  csv("csv", makeOverview({ ...base, variant: "standing", seed: seed + 1, bom: index % 2 === 0 }));
  csv("dnr", makeDnr({ ...base, variant: index % 2 ? "clean" : "exported", seed: seed + 2 }));
  csv("dnr", makeConcessions({ ...base, variant: index % 3 ? "digits" : "marks", seed: seed + 3 }));
  csv("quality", makeDcr({ ...base, variant: index % 2 ? "plain" : "rts", seed: seed + 4 }));
  csv("quality", makePod({ ...base, seed: seed + 5 }));
  csv("quality", makePsb({ ...base, seed: seed + 6 }));
  if (index === 3) {
    const rel = makeReliabilityPdf({ ...base, seed: seed + 7 });
    files.push({ dialog: "reliability", fileName: rel.fileName, bytes: rel.bytes, contentType: PDF });
  } else {
    const rel = await makeReliabilityXlsx({ ...base, variant: "excel", seed: seed + 7 });
    files.push({ dialog: "reliability", fileName: rel.fileName, bytes: rel.bytes, contentType: XLSX });
  }
  const whc = await makeWhc({ ...base, variant: "counts", seed: seed + 8 });
  files.push({ dialog: "whc", fileName: whc.fileName, bytes: whc.bytes, contentType: XLSX });
  return files;
}

/**
 * The Monday after the week, mid-afternoon UTC, a minute apart per file; never later than a couple of
 * minutes ago (on a Sunday, the week that ended yesterday has no Monday yet: its files came in today).
 */
function uploadTime(week: WeekRef, stationIndex: number, fileIndex: number, now: number): Date {
  const order = stationIndex * 20 + fileIndex;
  const monday = new Date(`${weekEnd(week.year, week.week)}T14:00:00Z`);
  return new Date(Math.min(monday.getTime() + 2 * 86_400_000 + order * 60_000, now - 120_000 + order * 1000));
}

/** Imports the demo weeks (inside the demo seed's transaction). */
export async function seedImports(
  tx: Queryable,
  opts: { today?: string; weeks?: number } = {},
): Promise<ImportsResult> {
  const today = opts.today ?? todayIn(await getTimeZone(tx));
  const [owner] = await tx.select({ id: users.id }).from(users).where(eq(users.email, "owner@example.com"));
  if (!owner) return { imports: 0, replaced: 0 };
  const viewer = { id: owner.id, role: 4 as RoleId, stationIds: STATIONS.map((s) => s.id) };
  const weeks: WeekRef[] = [];
  for (let w = prevWeek(weekOf(today)); weeks.length < (opts.weeks ?? IMPORT_WEEKS); w = prevWeek(w)) {
    weeks.push(w);
  }

  const times = new Map<number, Date>();
  const now = Date.now();
  let imports = 0, replaced = 0;
  for (const [si, st] of STATIONS.entries()) {
    const das = await stationDas(tx, st.id);
    if (!das.length) continue;
    const unknown = makeDas(UNKNOWN_PER_STATION, 0x0dd + st.id);
    const level = skills([...das, ...unknown], 0x5c11 + st.id);
    for (const [index, week] of weeks.entries()) {
      const seed = st.id * 10_007 + week.year * 53 + week.week;
      const files = await weekFiles(st.tag, week, index, crew(das, unknown, seed), seed * 16, level);
      // One republished overview (Amazon corrected the file): its upload a day later replaces the first.
      if (st.id === 1 && index === 1) {
        const fixed = makeOverview({
          station: st.tag,
          week: week.week,
          year: week.year,
          das: crew(das, unknown, seed),
          dsp: DEMO_DSP,
          variant: "standing",
          seed: seed * 16 + 99,
          skill: level,
          republished: true,
        });
        files.push({ dialog: "csv", fileName: fixed.fileName, bytes: fixed.bytes, contentType: CSV });
      }
      for (const [fi, f] of files.entries()) {
        const out = await importFile(tx, viewer, f);
        const at = uploadTime(week, si, fi, now);
        times.set(out.import.id, f.fileName.includes(" (1)") ? new Date(at.getTime() + 86_400_000) : at);
        imports += 1;
        if (out.status === "replaced") replaced += 1;
      }
    }
  }
  await backdate(tx, times);
  return { imports, replaced };
}

/** Puts each import (and its kept file) at its upload time; a replaced import went when its successor came. */
async function backdate(tx: Queryable, times: Map<number, Date>): Promise<void> {
  if (!times.size) return;
  const pairs = JSON.stringify([...times].map(([id, at]) => ({ id, at: at.toISOString() })));
  const ids = [...times.keys()];
  await tx.execute(sql`
    with t as (select * from jsonb_to_recordset(${pairs}::jsonb) as x(id int, at timestamptz))
    update ${amazonImports} a set uploaded_at = t.at from t where a.id = t.id`);
  await tx.execute(sql`
    update ${uploads} u set uploaded_at = a.uploaded_at from ${amazonImports} a
    where a.upload_id = u.id and a.id = any(${sql.param(ids)}::int[])`);
  await tx.execute(sql`
    update ${amazonImports} a set replaced_at = n.uploaded_at from ${amazonImports} n
    where n.id = a.replaced_by_id and a.id = any(${sql.param(ids)}::int[])`);
}
