// The tracker's state: the report, its rows, and every write, put together from named parts: useRows (what
// this page knows), useRowWrites (field-level writes with the row version), useRefusals (what a refused
// write does), useChangeFeed (the poll every 3 s that brings in edits made elsewhere).
import { useCallback } from "react";
import type { ShiftReportDto } from "../../lib/shifts/dto.ts";
import { api } from "../client/api.ts";
import { mergeFeed } from "./sync.ts";
import type { Rec } from "./types.ts";
import { type TrackerRows, useRows } from "./useRows.ts";
import { useRefusals } from "./useRefusals.ts";
import { useRowWrites } from "./useRowWrites.ts";
import { useChangeFeed } from "./useChangeFeed.ts";

export function useTracker(initial: { report: ShiftReportDto; records: Rec[]; cursor: string }) {
  const reportId = initial.report.id;
  const rows = useRows(initial);
  const refusals = useRefusals(rows);
  const writes = useRowWrites(reportId, rows, refusals.refused);
  const { pollNow, gone } = useChangeFeed(reportId, initial.cursor, rows);
  const patchReport = useReportPatch(reportId, rows.setReport);
  const reload = useReload(reportId, rows, pollNow);
  const { duplicateVan, closeDuplicateVan, noFreeVans, closeNoFreeVans } = refusals;
  return {
    report: rows.report,
    records: rows.records,
    recordsRef: rows.recordsRef,
    ...writes,
    patchReport,
    pollNow,
    reload,
    duplicateVan,
    closeDuplicateVan,
    noFreeVans,
    closeNoFreeVans,
    gone,
  };
}

/** The DA 2 switch and the header strip's people (PATCH api/da-daily-report/{id}/); true when saved. */
function useReportPatch(reportId: number, setReport: TrackerRows["setReport"]) {
  return useCallback(async (fields: Record<string, number | boolean | null>): Promise<boolean> => {
    try {
      setReport(
        await api<ShiftReportDto>(`/api/da-daily-report/${reportId}/`, { method: "PATCH", json: fields }),
      );
      return true;
    } catch {
      return false;
    }
  }, [reportId, setReport]);
}

/** Everything again (after an upload): every row newer than ours replaces it; rows gone are dropped. */
function useReload(
  reportId: number,
  { recordsRef, deleted, setRecords, setReport }: TrackerRows,
  pollNow: () => Promise<void>,
) {
  return useCallback(async () => {
    try {
      const data = await api<{ report: ShiftReportDto; records: Rec[] }>(
        `/api/da-daily-report/${reportId}/`,
        {
          quiet: true,
        },
      );
      const known = new Set(recordsRef.current.map((r) => r.id));
      setRecords((current) =>
        mergeFeed(
          current,
          { records: data.records, ids: data.records.map((r) => r.id) },
          known,
          deleted.current,
        )
      );
      setReport(data.report);
    } catch {
      await pollNow();
    }
  }, [reportId, recordsRef, deleted, setRecords, setReport, pollNow]);
}
