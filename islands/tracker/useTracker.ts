// The tracker's state: the report, its rows, and every write (field-level PATCH with the row version),
// plus the change feed polled every 3 s so edits made elsewhere appear here.
import { useCallback, useEffect, useRef, useState } from "react";
import type { ShiftReportDto } from "../../lib/shifts/dto.ts";
import { api, ApiError, notifyError } from "../client/api.ts";
import { toast } from "../client/toast.ts";
import { mergeFeed, upsert } from "./sync.ts";
import type { PatchFields, Rec, SerialSlot } from "./types.ts";

export const POLL_MS = 3000;

const recordUrl = (id: number) => `/api/da-daily-report-record/${id}/`;

/** 'Van 104 is already assigned to ...': the 'Duplicate Vans' case of 02 section 8. */
export function isDuplicateVan(status: number, body: Record<string, unknown>): boolean {
  return status === 400 && typeof body.detail === "string" && /^Van .+ already assigned/.test(body.detail);
}

function sameReport(a: ShiftReportDto, b: ShiftReportDto): boolean {
  return JSON.stringify(a) === JSON.stringify(b);
}

export function useTracker(initial: { report: ShiftReportDto; records: Rec[]; cursor: string }) {
  const reportId = initial.report.id;
  const [report, setReportState] = useState(initial.report);
  const [records, setRecords] = useState<readonly Rec[]>(initial.records);
  const [duplicateVan, setDuplicateVan] = useState<string | null>(null);
  const [noFreeVans, setNoFreeVans] = useState(false);
  const recordsRef = useRef(records);
  recordsRef.current = records;
  const cursor = useRef(initial.cursor);
  const deleted = useRef(new Set<number>());
  const polling = useRef(false);
  /** The report was deleted elsewhere: polling stops and the page says so. */
  const [gone, setGone] = useState(false);
  const goneRef = useRef(false);

  const setReport = useCallback((next: ShiftReportDto) => {
    setReportState((prev) => (sameReport(prev, next) ? prev : next));
  }, []);

  const apply = useCallback((rec: Rec, force = false) => {
    if (deleted.current.has(rec.id)) return;
    setRecords((rows) => upsert(rows, rec, force));
  }, []);

  /** The row shows its last known values again (a new object, so every cell re-reads them). */
  const revert = useCallback((id: number) => {
    setRecords((rows) => rows.map((r) => (r.id === id ? { ...r } : r)));
  }, []);

  /** What every refused row write does: the catalogue of 02 section 8, then the row is reverted. */
  const refused = useCallback((id: number, err: unknown) => {
    if (!(err instanceof ApiError)) throw err;
    const body = err.body;
    const detail = typeof body.detail === "string" ? body.detail : null;
    const record = body.record as Rec | undefined;
    if (err.status === 409 && record) {
      apply(record, true);
      toast("warning", detail ?? "Someone else changed this row. The row now shows their change.");
      return;
    }
    if (err.status === 404 && detail === "No free vans!") {
      if (record) apply(record, true);
      else revert(id);
      setNoFreeVans(true);
      return;
    }
    if (isDuplicateVan(err.status, body)) {
      revert(id);
      setDuplicateVan(detail);
      return;
    }
    revert(id);
    if (err.status === 404) {
      setRecords((rows) => rows.filter((r) => r.id !== id));
      toast("error", "This row was deleted by someone else.");
    } else if (err.status === 0) {
      toast("error", "The server cannot be reached. Check your connection.");
    } else if ((err.status === 400 || err.status === 403) && detail) {
      toast("error", detail);
    } else {
      notifyError(err);
    }
  }, [apply, revert]);

  const versionOf = (id: number) => recordsRef.current.find((r) => r.id === id)?.version ?? 1;

  const patch = useCallback(async (id: number, fields: PatchFields, seen?: number): Promise<boolean> => {
    try {
      const rec = await api<Rec>(recordUrl(id), {
        method: "PATCH",
        quiet: true,
        json: { version: seen ?? versionOf(id), ...fields },
      });
      apply(rec);
      return true;
    } catch (err) {
      refused(id, err);
      return false;
    }
  }, [apply, refused]);

  const serial = useCallback(async (id: number, slot: SerialSlot, scannerId: number): Promise<boolean> => {
    try {
      const rec = await api<Rec>("/api/serial-number-assignment/", {
        method: "POST",
        quiet: true,
        json: { record_id: id, version: versionOf(id), [slot]: scannerId },
      });
      apply(rec);
      return true;
    } catch (err) {
      refused(id, err);
      return false;
    }
  }, [apply, refused]);

  const addRecord = useCallback(async (): Promise<Rec | null> => {
    try {
      const rec = await api<Rec>("/api/da-daily-report-record/", {
        method: "POST",
        json: { report: reportId },
      });
      apply(rec);
      return rec;
    } catch {
      return null;
    }
  }, [apply, reportId]);

  const deleteRecord = useCallback(async (id: number): Promise<boolean> => {
    try {
      await api(recordUrl(id), { method: "DELETE", quiet: true });
      deleted.current.add(id);
      setRecords((rows) => rows.filter((r) => r.id !== id));
      toast("success", "The row was deleted.");
      return true;
    } catch (err) {
      refused(id, err);
      return false;
    }
  }, [refused]);

  /** The DA 2 switch and the header strip's people (PATCH api/da-daily-report/{id}/). */
  const patchReport = useCallback(
    async (fields: Record<string, number | boolean | null>): Promise<boolean> => {
      try {
        setReport(
          await api<ShiftReportDto>(`/api/da-daily-report/${reportId}/`, { method: "PATCH", json: fields }),
        );
        return true;
      } catch {
        return false;
      }
    },
    [reportId, setReport],
  );

  /** One poll of the change feed; skipped while the previous one is on its way. */
  const pollNow = useCallback(async () => {
    if (polling.current) return;
    polling.current = true;
    const known = new Set(recordsRef.current.map((r) => r.id));
    try {
      const res = await fetch(
        `/api/da-daily-report/${reportId}/changes/?since=${encodeURIComponent(cursor.current)}`,
        { credentials: "same-origin", headers: { accept: "application/json" } },
      );
      if (res.status === 401) return window.location.assign("/");
      if (res.status === 404) {
        goneRef.current = true;
        return setGone(true);
      }
      if (!res.ok) return;
      const feed = await res.json() as {
        cursor: string;
        records: Rec[];
        ids: number[];
        report: ShiftReportDto;
      };
      cursor.current = feed.cursor;
      setRecords((rows) => mergeFeed(rows, feed, known, deleted.current));
      setReport(feed.report);
    } catch {
      // A missed poll is caught up by the next one (the feed overlaps).
    } finally {
      polling.current = false;
    }
  }, [reportId, setReport]);

  /** Everything again (after an upload): every row newer than ours replaces it; rows gone are dropped. */
  const reload = useCallback(async () => {
    try {
      const data = await api<{ report: ShiftReportDto; records: Rec[] }>(
        `/api/da-daily-report/${reportId}/`,
        { quiet: true },
      );
      const known = new Set(recordsRef.current.map((r) => r.id));
      setRecords((rows) =>
        mergeFeed(rows, { records: data.records, ids: data.records.map((r) => r.id) }, known, deleted.current)
      );
      setReport(data.report);
    } catch {
      await pollNow();
    }
  }, [reportId, pollNow, setReport]);

  useEffect(() => {
    let timer: ReturnType<typeof setTimeout> | undefined;
    let stopped = false;
    const loop = async () => {
      if (!document.hidden) await pollNow();
      if (!stopped && !goneRef.current) timer = setTimeout(loop, POLL_MS);
    };
    timer = setTimeout(loop, POLL_MS);
    const onVisible = () => {
      if (!document.hidden) void pollNow();
    };
    document.addEventListener("visibilitychange", onVisible);
    return () => {
      stopped = true;
      clearTimeout(timer);
      document.removeEventListener("visibilitychange", onVisible);
    };
  }, [pollNow]);

  return {
    report,
    records,
    recordsRef,
    patch,
    serial,
    addRecord,
    deleteRecord,
    patchReport,
    pollNow,
    reload,
    duplicateVan,
    closeDuplicateVan: () => setDuplicateVan(null),
    noFreeVans,
    closeNoFreeVans: () => setNoFreeVans(false),
    gone,
  };
}
