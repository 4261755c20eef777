// The change feed: every 3 s (and when the tab comes back into view) the rows changed since the last
// answer, so edits made elsewhere appear here. A deleted report stops the polling and the page says so.
import { useCallback, useEffect, useRef, useState } from "react";
import type { ShiftReportDto } from "../../lib/shifts/dto.ts";
import { mergeFeed } from "./sync.ts";
import type { Rec } from "./types.ts";
import type { TrackerRows } from "./useRows.ts";

export const POLL_MS = 3000;

interface FeedAnswer {
  cursor: string;
  records: Rec[];
  ids: number[];
  report: ShiftReportDto;
}

export function useChangeFeed(
  reportId: number,
  initialCursor: string,
  rows: Pick<TrackerRows, "recordsRef" | "deleted" | "setRecords" | "setReport">,
) {
  const { recordsRef, deleted, setRecords, setReport } = rows;
  const cursor = useRef(initialCursor);
  const polling = useRef(false);
  const [gone, setGone] = useState(false);
  const goneRef = useRef(false);

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
      const feed = await res.json() as FeedAnswer;
      cursor.current = feed.cursor;
      setRecords((current) => mergeFeed(current, feed, known, deleted.current));
      setReport(feed.report);
    } catch {
      // A missed poll is caught up by the next one (the feed overlaps).
    } finally {
      polling.current = false;
    }
  }, [reportId, recordsRef, deleted, setRecords, setReport]);

  usePolling(pollNow, goneRef);
  return { pollNow, gone };
}

/** Calls `poll` every POLL_MS while the tab is visible, and at once when it becomes visible again. */
function usePolling(poll: () => Promise<void>, stop: { current: boolean }) {
  useEffect(() => {
    let timer: ReturnType<typeof setTimeout> | undefined;
    let stopped = false;
    const loop = async () => {
      if (!document.hidden) await poll();
      if (!stopped && !stop.current) timer = setTimeout(loop, POLL_MS);
    };
    timer = setTimeout(loop, POLL_MS);
    const onVisible = () => {
      if (!document.hidden) void poll();
    };
    document.addEventListener("visibilitychange", onVisible);
    return () => {
      stopped = true;
      clearTimeout(timer);
      document.removeEventListener("visibilitychange", onVisible);
    };
  }, [poll, stop]);
}
