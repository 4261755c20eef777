// The report and its rows as this page knows them, and the small updates every other part of the tracker
// makes to them: put in a row from the server, show a row's last known values again, drop a row.
import { type Dispatch, type RefObject, type SetStateAction, useCallback, useRef, useState } from "react";
import type { ShiftReportDto } from "../../lib/shifts/dto.ts";
import { upsert } from "./sync.ts";
import type { Rec } from "./types.ts";

export interface TrackerRows {
  report: ShiftReportDto;
  records: readonly Rec[];
  /** The rows now, for callbacks that must not be re-created on every change. */
  recordsRef: RefObject<readonly Rec[]>;
  /** Rows this page deleted: an answer already on its way never brings them back. */
  deleted: RefObject<Set<number>>;
  setRecords: Dispatch<SetStateAction<readonly Rec[]>>;
  /** The report from the server; the same object is kept when nothing in it changed. */
  setReport: (next: ShiftReportDto) => void;
  /** Puts a row from the server in (`force`: even when it is not newer, as after a conflict). */
  apply: (rec: Rec, force?: boolean) => void;
  /** The row shows its last known values again (a new object, so every cell re-reads them). */
  revert: (id: number) => void;
  drop: (id: number) => void;
}

function sameReport(a: ShiftReportDto, b: ShiftReportDto): boolean {
  return JSON.stringify(a) === JSON.stringify(b);
}

export function useRows(initial: { report: ShiftReportDto; records: Rec[] }): TrackerRows {
  const [report, setReportState] = useState(initial.report);
  const [records, setRecords] = useState<readonly Rec[]>(initial.records);
  const recordsRef = useRef<readonly Rec[]>(records);
  recordsRef.current = records;
  const deleted = useRef(new Set<number>());

  const setReport = useCallback((next: ShiftReportDto) => {
    setReportState((prev) => (sameReport(prev, next) ? prev : next));
  }, []);

  const apply = useCallback((rec: Rec, force = false) => {
    if (deleted.current.has(rec.id)) return;
    // The ref is read by the pickers before React renders again (a DA just saved is not offered twice).
    recordsRef.current = upsert(recordsRef.current, rec, force);
    setRecords((rows) => upsert(rows, rec, force));
  }, []);

  const revert = useCallback((id: number) => {
    setRecords((rows) => rows.map((r) => (r.id === id ? { ...r } : r)));
  }, []);

  const drop = useCallback((id: number) => {
    setRecords((rows) => rows.filter((r) => r.id !== id));
  }, []);

  return { report, records, recordsRef, deleted, setRecords, setReport, apply, revert, drop };
}
