// The board's row (02 section 3 "Shift report (board row)"): what GET api/da-daily-report/ returns per report
// and what POST answers. Every field is named here; no raw row leaves lib.
import { weekdayAbbrev } from "../../dates/format.ts";

export interface NameRef {
  id: number;
  first_name: string;
  last_name: string;
}

export interface BoardReportDto {
  id: number;
  report_date: string;
  get_week_day: string;
  /** Zero-based as stored; the board shows it +1 with two digits (calc.weekLabel). */
  week_number: number;
  year: number;
  station: { id: number; title: string; tag: string };
  has_second_driver: boolean;
  /** How many rows the report has. */
  records: number;
  created_by: NameRef | null;
  edited_by: NameRef | null;
  /** ISO instants; the board shows them DD-MM-YYYY HH:mm in the organisation's time zone. */
  created: string;
  modified: string;
}

/** One report as the board query selects it (drizzle nests left-joined people, null when absent). */
export interface BoardRow {
  id: number;
  reportDate: string;
  weekNumber: number;
  year: number;
  stationId: number;
  stationTitle: string;
  stationTag: string;
  hasSecondDriver: boolean;
  records: number;
  createdBy: { id: number | null; firstName: string | null; lastName: string | null } | null;
  editedBy: { id: number | null; firstName: string | null; lastName: string | null } | null;
  createdAt: Date | string;
  modifiedAt: Date | string;
}

const iso = (v: Date | string) => (v instanceof Date ? v : new Date(v)).toISOString();

function nameRef(p: BoardRow["createdBy"]): NameRef | null {
  if (!p || p.id === null) return null;
  return { id: p.id, first_name: p.firstName ?? "", last_name: p.lastName ?? "" };
}

export function boardReportDto(r: BoardRow): BoardReportDto {
  return {
    id: r.id,
    report_date: r.reportDate,
    get_week_day: weekdayAbbrev(r.reportDate),
    week_number: r.weekNumber,
    year: r.year,
    station: { id: r.stationId, title: r.stationTitle, tag: r.stationTag },
    has_second_driver: r.hasSecondDriver,
    records: Number(r.records),
    created_by: nameRef(r.createdBy),
    edited_by: nameRef(r.editedBy),
    created: iso(r.createdAt),
    modified: iso(r.modifiedAt),
  };
}

/** POST api/is-shift-duplicate/: the viewer's stations that already have a report on the date. */
export interface DuplicateDto {
  results: { station__id: number; id: number }[];
}
