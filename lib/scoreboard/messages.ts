// The week summary each DA gets from DA Notify (pure): their score and tier, then the measures they were
// off in, each with the figure against the target and one tip.
import type { ScoreboardRowDto } from "./dto.ts";

const pct = (v: number) => `${Math.round(v * 100) / 100}%`;

/** Measures a DA is coached on: off when the check says so; the tip is one concrete thing to do. */
const COACHING: {
  key: string;
  off: (r: ScoreboardRowDto) => string | null;
  tip: string;
}[] = [
  {
    key: "DCR",
    off: (r) =>
      r.raw_data.dcr !== null && r.raw_data.dcr < 98 ? `DCR ${pct(r.raw_data.dcr)} (target 98%)` : null,
    tip: "call support before returning a package",
  },
  {
    key: "POD",
    off: (r) =>
      r.raw_data.pod !== null && r.raw_data.pod < 97 ? `POD ${pct(r.raw_data.pod)} (target 97%)` : null,
    tip: "take the photo with the package and the door in frame",
  },
  {
    key: "DSB",
    off: (r) => r.dsb_count !== null && r.dsb_count > 0 ? `DSB ${r.dsb_count} (target 0)` : null,
    tip: "scan at the door, never in the van",
  },
  {
    key: "DNR",
    off: (r) => r.dnr !== null && r.dnr > 600 ? `DNR ${r.dnr} DPMO (target 600)` : null,
    tip: "leave packages out of sight and follow the delivery notes",
  },
];

/** What the DA was off target in this week, as 'figure (target): tip' lines. */
export function coachingLines(r: ScoreboardRowDto): string[] {
  return COACHING.map((c) => ({ c, off: c.off(r) })).filter((x) => x.off).map((x) => `${x.off}: ${x.c.tip}`);
}

export function weekSummary(r: ScoreboardRowDto, station: string, week: number, year: number): string {
  const hi = r.driver.first_name ? `Hi ${r.driver.first_name}, ` : "Hi, ";
  const score = r.points_total === null
    ? "no score yet"
    : `score ${r.points_total}${r.raw_data.current_week_tier ? ` (${r.raw_data.current_week_tier})` : ""}`;
  const lines = coachingLines(r);
  const focus = lines.length ? ` To work on: ${lines.join("; ")}.` : " Everything on target, well done!";
  return `${hi}your week ${week}/${year} at ${station}: ${score}.${focus}`;
}
