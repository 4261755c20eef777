// The shift tracker page's island (02 "Shift tracker page"): toolbar, header strip, summary card, the
// editable table, the return summary and the dialogs. Rows are memoised; see RecordRow and useTracker.
import { useCallback, useEffect, useMemo, useRef, useState } from "react";
import type { ShiftReportDto } from "../../lib/shifts/dto.ts";
import { api } from "../client/api.ts";
import { toast } from "../client/toast.ts";
import Toolbar, { SearchBox } from "./Toolbar.tsx";
import HeaderStrip from "./HeaderStrip.tsx";
import SummaryCard from "./SummaryCard.tsx";
import TrackerTable from "./TrackerTable.tsx";
import ReturnSummary from "./ReturnSummary.tsx";
import PdfPreview from "./PdfPreview.tsx";
import UploadModal from "./UploadModal.tsx";
import { DeleteRowModal, DuplicateVansModal, NoFreeVansModal } from "./Notices.tsx";
import { useTracker } from "./useTracker.ts";
import { unpublishedCount } from "../../lib/shifts/calc.ts";
import { filterRows, type SearchLookups, sortRows } from "./search.ts";
import {
  personName,
  type Rec,
  type RowContext,
  type TrackerConstants,
  type TrackerOptions,
} from "./types.ts";

export const DEFAULT_ORDERING = "created";

interface NotifyResult {
  sent: number;
  skipped_blocked: number;
  skipped_no_mobile: number;
}

export default function Tracker(
  { report: initialReport, records: initialRecords, cursor, canSummary, constants }: {
    report: ShiftReportDto;
    records: Rec[];
    /** When the page read the data: the change feed starts from here. */
    cursor: string;
    canSummary: boolean;
    constants: TrackerConstants;
  },
) {
  const t = useTracker({ report: initialReport, records: initialRecords, cursor });
  const { report, records } = t;
  // Counted from the rows so the badge follows each write at once, not the next poll.
  const unpublished = useMemo(() => unpublishedCount(records), [records]);
  const [ordering, setOrdering] = useState(DEFAULT_ORDERING);
  const [query, setQuery] = useState("");
  const [pdfOpen, setPdfOpen] = useState(false);
  const [uploadOpen, setUploadOpen] = useState(false);
  const [deleteId, setDeleteId] = useState<number | null>(null);
  const [busy, setBusy] = useState({ add: false, notify: false, da2: false, delete: false });
  const options = useRef<TrackerOptions | null>(null);
  const reveal = useRef<((id: number) => void) | null>(null);

  const loadOptions = useCallback(async () => {
    try {
      options.current = await api<TrackerOptions>(`/api/da-daily-report/${report.id}/options/`, {
        quiet: true,
      });
    } catch {
      // 02 section 8: a failed load leaves the pickers empty; the next reach for them tries nothing new.
      options.current = { drivers: [], staff: [], rabbits: [], dollies: [], fleet_sizes: [] };
    }
  }, [report.id]);
  useEffect(() => {
    void loadOptions();
  }, [loadOptions]);

  const ctx = useMemo<RowContext>(() => ({
    constants,
    stationId: report.station.id,
    options: () => options.current,
    patch: t.patch,
    serial: t.serial,
    askDelete: setDeleteId,
    driversElsewhere(recordId) {
      const out = new Set<number>();
      for (const r of t.recordsRef.current) {
        if (r.id === recordId) continue;
        if (r.driver) out.add(r.driver.id);
        if (r.second_driver) out.add(r.second_driver.id);
      }
      return out;
    },
    scannersElsewhere(recordId) {
      const out = new Set<number>();
      const here = new Set<number>();
      for (const r of t.recordsRef.current) {
        here.add(r.id);
        if (r.id === recordId) continue;
        for (const s of [r.rabbit_number, r.second_rabbit_number, r.dolly_number, r.second_dolly_number]) {
          if (s) out.add(s.id);
        }
      }
      // Scanners another report of the day holds (this report's rows are known better locally).
      for (const s of [...(options.current?.rabbits ?? []), ...(options.current?.dollies ?? [])]) {
        if (s.used_by_record !== null && !here.has(s.used_by_record)) out.add(s.id);
      }
      return out;
    },
    // The hook's functions are stable for the page's lifetime, so the context is built once.
  }), []);

  const lookups = useMemo<SearchLookups>(() => ({
    roleName: (id) => constants.roles.find((r) => r.id === id)?.name ?? "",
    fleetSizeTitle: (id) => constants.fleetSizeTitles[id] ?? "",
    stationId: report.station.id,
  }), [constants, report.station.id]);

  const visible = useMemo(() => {
    const found = filterRows(records, query, lookups);
    return ordering === DEFAULT_ORDERING ? found : sortRows(found, ordering, lookups);
  }, [records, query, ordering, lookups]);

  const run = async (key: keyof typeof busy, fn: () => Promise<unknown>) => {
    setBusy((b) => ({ ...b, [key]: true }));
    try {
      await fn();
    } finally {
      setBusy((b) => ({ ...b, [key]: false }));
    }
  };

  const add = () =>
    run("add", async () => {
      const rec = await t.addRecord();
      if (rec) {
        setTimeout(() => {
          reveal.current?.(rec.id);
          setTimeout(
            () =>
              document.querySelector<HTMLElement>(`[data-record-id="${rec.id}"] select[name=driver]`)
                ?.focus(),
            50,
          );
        }, 0);
      }
    });

  const notify = () =>
    run("notify", async () => {
      try {
        const res = await api<NotifyResult>("/api/send-message-for-drivers/", {
          method: "POST",
          quiet: true,
          json: { da_tracker_id: report.id },
        });
        toast("success", "Message to drivers has been send!");
        const skipped = res.skipped_blocked + res.skipped_no_mobile;
        if (skipped) {
          toast(
            "info",
            `${skipped} DA${
              skipped === 1 ? " was" : "s were"
            } not messaged: ${res.skipped_blocked} blocked messages, ${res.skipped_no_mobile} without a mobile number.`,
          );
        }
      } catch {
        toast("error", "Something was wrong!");
      }
      await t.pollNow();
    });

  const toDelete = records.find((r) => r.id === deleteId) ?? null;
  const deleteIndex = toDelete ? visible.indexOf(toDelete) + 1 : 0;

  return (
    <div className="space-y-4">
      <Toolbar
        closed={report.closed}
        showDa2={report.has_second_driver}
        unpublished={unpublished}
        busy={busy}
        onAdd={add}
        onPdf={() => setPdfOpen(true)}
        onUpload={() => setUploadOpen(true)}
        onToggleDa2={() => run("da2", () => t.patchReport({ has_second_driver: !report.has_second_driver }))}
        onNotify={notify}
      />
      {t.gone
        ? (
          <p
            className="rounded-md border border-red-200 bg-red-50 px-4 py-2 text-sm text-red-900"
            role="alert"
            data-testid="gone-note"
          >
            This shift report was deleted by someone else. Changes here are no longer saved.{" "}
            <a href="/das-reports" className="font-medium underline">Back to Reports</a>
          </p>
        )
        : null}
      {report.closed
        ? (
          <p
            className="rounded-md border border-amber-200 bg-amber-50 px-4 py-2 text-sm text-amber-900"
            data-testid="closed-note"
          >
            This shift is more than 2 days old, so it is read-only. A user with access to old shifts can still
            change it.
          </p>
        )
        : null}
      <HeaderStrip
        report={report}
        options={() => options.current}
        onChange={(field, id) => t.patchReport({ [field]: id })}
      />
      {canSummary ? <SummaryCard records={records} constants={constants} /> : null}
      <section className="card overflow-hidden" aria-label="Shift rows">
        <div className="flex flex-wrap items-center justify-between gap-2 border-b border-slate-200 px-4 py-2">
          <p className="text-sm text-slate-600" data-testid="row-count">
            {query.trim() ? `${visible.length} of ${records.length} rows match` : `${records.length} rows`}
          </p>
          <SearchBox onSearch={setQuery} />
        </div>
        <TrackerTable
          rows={visible}
          revealRef={reveal}
          total={records.length}
          showDa2={report.has_second_driver}
          ctx={ctx}
          ordering={ordering}
          onOrder={setOrdering}
          query={query}
          onAdd={add}
          canAdd={!report.closed}
        />
      </section>
      <ReturnSummary records={records} />
      <PdfPreview reportId={report.id} open={pdfOpen} onClose={() => setPdfOpen(false)} />
      <UploadModal
        open={uploadOpen}
        reportId={report.id}
        shiftDate={report.report_date}
        onClose={() => setUploadOpen(false)}
        onUploaded={() => {
          void t.reload();
          void loadOptions();
        }}
      />
      <DuplicateVansModal message={t.duplicateVan} onClose={t.closeDuplicateVan} />
      <NoFreeVansModal open={t.noFreeVans} onClose={t.closeNoFreeVans} />
      <DeleteRowModal
        row={toDelete ? { index: deleteIndex, name: personName(toDelete.driver) } : null}
        busy={busy.delete}
        onCancel={() => setDeleteId(null)}
        onConfirm={() =>
          run("delete", async () => {
            await t.deleteRecord(toDelete!.id);
            setDeleteId(null);
          })}
      />
    </div>
  );
}
