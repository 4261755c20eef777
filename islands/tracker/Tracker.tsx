// The shift tracker page's island (02 "Shift tracker page"): toolbar, header strip, summary card, the
// grid (grid/: text cells, one live editor; row cards at phone width), the return summary and the
// dialogs. The rows' state is in useTracker; the page's other state is in usePageParts.
// Loaded on first use (ui/Deferred.tsx), so the page's script stays within the JavaScript budget (issue 15):
// the dialogs, the phone cards, the cell editor with what an edit does (tick box, Delete, paste;
// grid/GridRow.tsx), the Columns menu (grid/ViewBar.tsx) and the search and sorting (usePageParts.ts). The
// rows show, and the grid moves with the keyboard, without them. A pointer or focus in the grid starts the
// editor's chunk (and the search's: its headers sort), a hover or focus on the toolbar its dialogs', on the
// search box the search's. A desktop never loads the phone cards, nor a phone the dialogs it does not open.
import { type ReactNode, useMemo, useRef, useState } from "react";
import type { ShiftReportDto } from "../../lib/shifts/dto.ts";
import Toolbar, { SearchBox } from "./Toolbar.tsx";
import HeaderStrip from "./HeaderStrip.tsx";
import SummaryCard from "./SummaryCard.tsx";
import Grid, { preloadEditing } from "./grid/Grid.tsx";
import ViewBar, { useTrackerView } from "./grid/ViewBar.tsx";
import { rowGaps, type TrackerView, visibleColumns } from "../../lib/shifts/tracker/calc-grid.ts";
import ReturnSummary from "./ReturnSummary.tsx";
import { deferred, Part, useOpened } from "../ui/Deferred.tsx";
import { useTracker } from "./useTracker.ts";
import {
  DEFAULT_ORDERING,
  preloadSearch,
  useRowContext,
  useToolbarActions,
  useTrackerOptions,
  useVisibleRows,
  whenSearchable,
} from "./usePageParts.ts";
import { unpublishedCount } from "../../lib/shifts/calc.ts";
import { personName, type Rec, type TrackerConstants } from "./types.ts";
import { useNarrow } from "./grid/useNarrow.ts";
import { reactIsland } from "../ui/island.ts";
import { serverOrPageData } from "../client/page-data.ts";
import type { ServerOnly } from "../../lib/web/page-data.ts";

const PhoneCards = deferred(() => import("./grid/PhoneCards.tsx"));
const PdfPreview = deferred(() => import("./PdfPreview.tsx"));
const UploadModal = deferred(() => import("./UploadModal.tsx"));
const NotifyDialog = deferred(() => import("./NotifyDialog.tsx"));
const notices = () => import("./Notices.tsx");
const DuplicateVansModal = deferred(() => notices().then((m) => ({ default: m.DuplicateVansModal })));
const NoFreeVansModal = deferred(() => notices().then((m) => ({ default: m.NoFreeVansModal })));
const DeleteRowModal = deferred(() => notices().then((m) => ({ default: m.DeleteRowModal })));

/** A hover or focus on the toolbar starts its dialogs' chunks, so a click opens them at once. */
function preloadToolbarDialogs() {
  PdfPreview.preload();
  UploadModal.preload();
  NotifyDialog.preload();
}

/**
 * A pointer or focus in the grid starts the chunks of what a first edit needs: the cell editor, and the
 * notices (duplicate van, no free van, delete row).
 */
function preloadGrid() {
  preloadEditing();
  preloadSearch(); // a header's sorting
  DuplicateVansModal.preload();
}

export default function Tracker(
  { report: initialReport, rows, rowsId, cursor, canSummary, constants, view: savedView }: {
    report: ShiftReportDto;
    /** The rows, for the server render only; the browser reads them from the page's JSON script `rowsId`
     * (as island props Astro wrote them into an attribute, escaped twice: 312 KB of a 406 KB page). */
    rows?: ServerOnly<Rec[]>;
    rowsId: string;
    /** When the page read the data: the change feed starts from here. */
    cursor: string;
    canSummary: boolean;
    constants: TrackerConstants;
    /** The user's saved grid view (column set, order, hidden columns, density). */
    view: TrackerView;
  },
) {
  const initialRecords = useMemo(() => serverOrPageData(rows, rowsId) ?? [], [rows, rowsId]);
  const t = useTracker({ report: initialReport, records: initialRecords, cursor });
  const { report, records } = t;
  // Counted from the rows so the badge follows each write at once, not the next poll.
  const unpublished = useMemo(() => unpublishedCount(records), [records]);
  const [ordering, setOrdering] = useState(DEFAULT_ORDERING);
  const [query, setQuery] = useState("");
  const [search, order] = useMemo(() => [whenSearchable(setQuery), whenSearchable(setOrdering)], []);
  const [pdfOpen, setPdfOpen] = useState(false);
  const [uploadOpen, setUploadOpen] = useState(false);
  const [notifyOpen, setNotifyOpen] = useState(false);
  const [deleteId, setDeleteId] = useState<number | null>(null);
  const reveal = useRef<((id: number) => void) | null>(null);
  const { options, load: loadOptions } = useTrackerOptions(report.id);
  const ctx = useRowContext(constants, report.station.id, options, t, setDeleteId);
  const searched = useVisibleRows(records, query, ordering, constants, report.station.id);
  const { view, update: setView } = useTrackerView(savedView);
  const [gapsOnly, setGapsOnly] = useState(false);
  const gapCount = useMemo(() => records.filter((r) => rowGaps(r).length > 0).length, [records]);
  const visible = useMemo(() => (gapsOnly ? searched.filter((r) => rowGaps(r).length > 0) : searched), [
    searched,
    gapsOnly,
  ]);
  const columns = useMemo(() => visibleColumns(view, report.has_second_driver), [
    view,
    report.has_second_driver,
  ]);
  const actions = useToolbarActions(t, reveal);
  const toDelete = records.find((r) => r.id === deleteId) ?? null;
  const narrow = useNarrow();
  // A dialog is mounted from its first opening on (then kept, as before it was deferred).
  const pdfWanted = useOpened(pdfOpen);
  const uploadWanted = useOpened(uploadOpen);
  const notifyWanted = useOpened(notifyOpen);
  const duplicateWanted = useOpened(t.duplicateVan !== null);
  const noFreeWanted = useOpened(t.noFreeVans);
  const deleteWanted = useOpened(toDelete !== null);

  return (
    <div className="space-y-4">
      <Toolbar
        closed={report.closed}
        showDa2={report.has_second_driver}
        unpublished={unpublished}
        busy={actions.busy}
        onAdd={actions.add}
        onPdf={() => setPdfOpen(true)}
        onUpload={() => setUploadOpen(true)}
        onToggleDa2={actions.toggleDa2}
        onNotify={() => setNotifyOpen(true)}
        onIntent={preloadToolbarDialogs}
      />
      <PageNotes gone={t.gone} closed={report.closed} />
      <HeaderStrip
        report={report}
        options={() => options.current}
        onChange={(field, id) => t.patchReport({ [field]: id })}
      />
      {canSummary ? <SummaryCard records={records} constants={constants} /> : null}
      <RowsSection
        matchCount={visible.length}
        total={records.length}
        onSearch={search}
        bar={
          <ViewBar view={view} onChange={setView} gaps={gapsOnly} gapCount={gapCount} onGaps={setGapsOnly} />
        }
      >
        <div className="max-md:hidden" onPointerEnter={preloadGrid} onFocus={preloadGrid}>
          <Grid
            rows={visible}
            all={records}
            columns={columns}
            ctx={ctx}
            density={view.density}
            ordering={ordering}
            onOrder={order}
            revealRef={reveal}
          />
        </div>
        {narrow
          ? (
            <Part fallback={<CardsLoading />}>
              <PhoneCards rows={visible} ctx={ctx} />
            </Part>
          )
          : <CardsLoading />}
        {visible.length === 0
          ? (
            <EmptyTable
              total={records.length}
              query={gapsOnly ? "" : query}
              gapsOnly={gapsOnly}
              onAdd={report.closed ? null : actions.add}
            />
          )
          : null}
      </RowsSection>
      <ReturnSummary records={records} />
      {pdfWanted
        ? (
          <Part>
            <PdfPreview reportId={report.id} open={pdfOpen} onClose={() => setPdfOpen(false)} />
          </Part>
        )
        : null}
      {uploadWanted
        ? (
          <Part>
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
          </Part>
        )
        : null}
      {notifyWanted
        ? (
          <Part>
            <NotifyDialog
              open={notifyOpen}
              reportId={report.id}
              onClose={() => setNotifyOpen(false)}
              onSent={t.pollNow}
            />
          </Part>
        )
        : null}
      {duplicateWanted
        ? (
          <Part>
            <DuplicateVansModal message={t.duplicateVan} onClose={t.closeDuplicateVan} />
          </Part>
        )
        : null}
      {noFreeWanted
        ? (
          <Part>
            <NoFreeVansModal open={t.noFreeVans} onClose={t.closeNoFreeVans} />
          </Part>
        )
        : null}
      {deleteWanted
        ? (
          <Part>
            <DeleteRowModal
              row={toDelete
                ? { index: visible.indexOf(toDelete) + 1, name: personName(toDelete.driver) }
                : null}
              busy={actions.busy.delete}
              onCancel={() => setDeleteId(null)}
              onConfirm={() => actions.remove(toDelete!.id, () => setDeleteId(null))}
            />
          </Part>
        )
        : null}
    </div>
  );
}

/**
 * What a phone shows in the cards' place until their chunk is in (from the server's HTML to the first render
 * that knows the width, then while it loads); hidden at desktop width.
 */
function CardsLoading() {
  return <p className="px-4 py-6 text-sm text-slate-500 md:hidden" role="status">Loading rows…</p>;
}

/** The table's card: how many rows (or how many match the search), the search box, then the table. */
function RowsSection(
  { matchCount, total, onSearch, bar, children }: {
    bar: ReactNode;
    matchCount: number;
    total: number;
    onSearch: (q: string) => void;
    children: ReactNode;
  },
) {
  return (
    <section className="card overflow-hidden" aria-label="Shift rows">
      <div className="flex flex-wrap items-center justify-between gap-2 border-b border-slate-200 px-4 py-2">
        <p className="text-sm text-slate-600" data-testid="row-count">
          {matchCount !== total ? `${matchCount} of ${total} rows shown` : `${total} rows`}
        </p>
        <div className="max-md:hidden">{bar}</div>
        <SearchBox onSearch={onSearch} onIntent={preloadSearch} />
      </div>
      {children}
    </section>
  );
}

/** No row to show: a new shift (with Add New Record when it is open), or a search or filter matching nothing. */
function EmptyTable(
  { total, query, gapsOnly, onAdd }: {
    total: number;
    query: string;
    gapsOnly: boolean;
    onAdd: (() => void) | null;
  },
) {
  return (
    <div className="flex flex-col items-center gap-3 px-6 py-12 text-center" data-testid="tracker-empty">
      {total === 0
        ? (
          <>
            <p className="font-medium text-slate-700">This shift has no rows yet.</p>
            <p className="text-sm text-slate-500">Add a row for each DA, or upload the day's routes file.</p>
            {onAdd
              ? <button type="button" className="btn-primary" onClick={onAdd}>Add New Record</button>
              : null}
          </>
        )
        : gapsOnly && !query.trim()
        ? <p className="text-slate-600">Every row has its DA, van, route and wave.</p>
        : <p className="text-slate-600">No row matches “{query.trim()}”.</p>}
    </div>
  );
}

/** Why the page no longer saves (the report was deleted elsewhere), or why it is read-only. */
function PageNotes({ gone, closed }: { gone: boolean; closed: boolean }) {
  return (
    <>
      {gone
        ? (
          <p
            className="rounded-md border border-red-200 bg-red-50 px-4 py-2 text-sm text-red-900"
            role="alert"
            data-testid="gone-note"
          >
            This shift report was deleted by someone else. Changes here are no longer saved.{" "}
            <a href="/das-reports" className="font-medium underline">Back to shift reports</a>
          </p>
        )
        : null}
      {closed
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
    </>
  );
}

reactIsland(Tracker);
