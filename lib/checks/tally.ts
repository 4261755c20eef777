// What a check week's figures are, from the per-DA rows of the imported files (pure; build.ts reads the rows
// and stores the result). Which file feeds which measure:
//   dcr, pod: the DCR/POD quality CSVs, else the overview CSV (or scorecard table); the station's score is the
//     mean over DAs, a DA is off target below the target.
//   cc: the scorecard PDF's per-DA table (CC column), as dcr.
//   dnr, dsb: the DNR/DSB CSV ('Scanned - Not Delivered - Not Returned', 'DSB Count'); the score is the
//     station's sum; a DA with any is off target, with their count ('x N').
//   ada: attended delivery accuracy from the DNR/DSB CSV: 100 x (1 - incorrect scans on attended deliveries /
//     attended deliveries); a DA is off target below the target.
//   whc: the scorecard's WHC figure when it has one, else the share of DAs without a working-hour exception;
//     DAs with an exception are off target.
//   cas: the scorecard's CAS figure.
//   hp6w: DAs at the top standing (Fantastic/Platinum) in at least 4 of the last 6 weeks.
//   violation, employee satisfaction: typed by people (see queries.ts); rescues given, morning checklist and
//     on-time attendance are in no Amazon file and stay empty.
//   Per day: dsb from the package-level concessions CSV (impacting DSB, by delivery date).
import type { BuiltDay, BuiltMeasure, BuiltWeek, DayMeasure, OffName, Targets } from "./dto.ts";

export interface DaFacts {
  tid: string;
  first: string;
  last: string;
  dcr: number | null;
  pod: number | null;
  cc: number | null;
  dnr: number | null;
  dsb: number | null;
  attended: number | null;
  incorrectAttended: number | null;
  whException: number | null;
  topTierWeeks: number;
}

export interface StationFacts {
  whc: number | null;
  cas: number | null;
}

export interface Concession {
  tid: string;
  first: string;
  last: string;
  date: string;
}

export const HP_WEEKS = 6;
export const HP_MIN_TOP_WEEKS = 4;

const round2 = (n: number) => Math.round(n * 100) / 100;
const nameOf = (d: { tid?: string; first: string; last: string }, count?: number): OffName => ({
  driver__first_name: d.first,
  driver__last_name: d.last,
  ...(d.tid ? { transporter_id: d.tid } : {}),
  ...(count !== undefined ? { count } : {}),
});
const byName = (a: OffName, b: OffName) =>
  `${a.driver__first_name} ${a.driver__last_name}`.localeCompare(
    `${b.driver__first_name} ${b.driver__last_name}`,
  );

/** A percentage measure: the mean over DAs who have it; those below the target are off target. */
function percentMeasure(das: DaFacts[], pick: (d: DaFacts) => number | null, target: number): BuiltMeasure {
  const had = das.filter((d) => pick(d) !== null);
  if (!had.length) return { score: null, off: null, names: [] };
  const off = had.filter((d) => pick(d)! < target);
  return {
    score: round2(had.reduce((s, d) => s + pick(d)!, 0) / had.length),
    off: off.length,
    names: off.map((d) => nameOf(d)).sort(byName),
  };
}

/** A count measure: the station's sum; every DA with any is off target, with their count. */
function countMeasure(das: DaFacts[], pick: (d: DaFacts) => number | null): BuiltMeasure {
  const had = das.filter((d) => pick(d) !== null);
  if (!had.length) return { score: null, off: null, names: [] };
  const off = had.filter((d) => pick(d)! > 0);
  return {
    score: had.reduce((s, d) => s + pick(d)!, 0),
    off: off.length,
    names: off.map((d) => nameOf(d, pick(d)!)).sort(byName),
  };
}

function adaOf(d: DaFacts): number | null {
  if (!d.attended || d.incorrectAttended === null) return null;
  return round2(100 * (1 - d.incorrectAttended / d.attended));
}

function whcMeasure(das: DaFacts[], station: StationFacts): BuiltMeasure {
  const had = das.filter((d) => d.whException !== null);
  const off = had.filter((d) => d.whException! > 0);
  const share = das.length ? round2(100 * (das.length - off.length) / das.length) : null;
  const score = station.whc ?? (had.length ? share : null);
  return { score, off: had.length ? off.length : null, names: off.map((d) => nameOf(d)).sort(byName) };
}

/** The built figures of a week. */
export function tallyWeek(das: DaFacts[], station: StationFacts, targets: Targets): BuiltWeek {
  const ada = percentMeasure(das, adaOf, targets.ada);
  const hp = das.filter((d) => d.topTierWeeks >= HP_MIN_TOP_WEEKS);
  return {
    das: das.length,
    dcr: percentMeasure(das, (d) => d.dcr, targets.dcr),
    pod: percentMeasure(das, (d) => d.pod, targets.pod),
    cc: percentMeasure(das, (d) => d.cc, targets.cc),
    dnr: countMeasure(das, (d) => d.dnr),
    dsb: countMeasure(das, (d) => d.dsb),
    ada: { ...ada, score: adaStation(das) ?? ada.score },
    whc: whcMeasure(das, station),
    cas: { score: station.cas, off: null, names: [] },
    hp6w: { score: das.length ? hp.length : null, off: null, names: [] },
  };
}

/** The station's ADA over all attended deliveries (not the mean of the DAs' figures). */
function adaStation(das: DaFacts[]): number | null {
  const had = das.filter((d) => d.attended && d.incorrectAttended !== null);
  const attended = had.reduce((s, d) => s + d.attended!, 0);
  if (!attended) return null;
  return round2(100 * (1 - had.reduce((s, d) => s + d.incorrectAttended!, 0) / attended));
}

/** The built figures of each day: dsb from the package-level concessions. */
export function tallyDays(dates: string[], concessions: Concession[]): Record<string, BuiltDay> {
  const out: Record<string, BuiltDay> = {};
  const any = concessions.length > 0;
  for (const date of dates) {
    const perDa = new Map<string, { first: string; last: string; n: number }>();
    for (const c of concessions.filter((c) => c.date === date)) {
      const e = perDa.get(c.tid) ?? { tid: c.tid, first: c.first, last: c.last, n: 0 };
      e.n++;
      perDa.set(c.tid, e);
    }
    const names = [...perDa.values()].map((e) => nameOf(e, e.n)).sort(byName);
    const day: BuiltDay = {};
    if (any) {
      day.dsb = { score: names.reduce((s, n) => s + n.count!, 0), off: names.length, names };
    }
    out[date] = day;
  }
  return out;
}

/** The weekly violation figure from the typed day counts: the share of DAs without one (at least 0). */
export function violationMeasure(dayCounts: (number | null)[], das: number | undefined): BuiltMeasure {
  const typed = dayCounts.filter((n): n is number => n !== null);
  if (!typed.length || !das) {
    return {
      score: null,
      off: typed.length ? typed.reduce((a, b) => a + b, 0) : null,
      names: [],
    };
  }
  const total = typed.reduce((a, b) => a + b, 0);
  return { score: Math.max(0, round2(100 - (100 * total) / das)), off: total, names: [] };
}

export type { DayMeasure };
