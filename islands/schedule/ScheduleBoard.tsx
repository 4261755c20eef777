// The schedule page (02 "Schedule"): one station's week, people by day, in three modes. Manual opens the
// day's editor, copy takes a day and pastes it into other cells (each paste is a save the server checks
// like any other), delete clears a day's role after a confirmation. The week, station and filters live in
// the URL, so a reload or a shared link shows the same grid.
import { replaceUrl } from "../client/router.ts";
import { useEffect, useRef, useState } from "react";
import { api } from "../client/api.ts";
import { toast } from "../client/toast.ts";
import { usePageData } from "../client/page-data.ts";
import ConfirmDialog from "../ui/ConfirmDialog.tsx";
import type { ScheduleEntryDto, SchedulePersonDto, ScheduleWeekDto } from "../../lib/schedule/dto.ts";
import { canCopy } from "../../lib/schedule/policy.ts";
import { DELETE_CONFIRM } from "../../lib/schedule/errors.ts";
import ScheduleToolbar, { type Mode, type ScheduleQuery } from "./ScheduleToolbar.tsx";
import ScheduleGrid, { type CellRef } from "./ScheduleGrid.tsx";
import CellEditor from "./CellEditor.tsx";
import { PublishDialog, RequestDialog } from "./SendDialogs.tsx";
import { reactIsland } from "../ui/island.ts";

export type { ScheduleQuery };

function paramsOf(q: ScheduleQuery): URLSearchParams {
  const p = new URLSearchParams({ station: String(q.station), year: String(q.year), week: String(q.week) });
  for (const k of ["role", "status", "search"] as const) if (q[k]) p.set(k, q[k]);
  if (q.ordering !== "-role") p.set("ordering", q.ordering);
  return p;
}

/** The body that pastes `from` into another person's day. */
function pasteBody(from: ScheduleEntryDto, person: SchedulePersonDto, date: string, station: number) {
  return {
    date,
    user_id: person.id,
    station,
    is_available: from.is_available,
    role: from.role,
    role_hours: Number(from.role_hours),
    helper_of: from.helper_of,
    shift_start_time: from.shift_start_time,
  };
}

/** The week arrives as the page's JSON (`dataId`, components/PageData.astro), not as props: see lib/web/page-data.ts. */
export default function ScheduleBoard({ stations, viewerRole, initialQuery, dataId }: {
  stations: { id: number; title: string; tag: string }[];
  viewerRole: number;
  initialQuery: ScheduleQuery;
  dataId: string;
}) {
  const [query, setQuery] = useState(initialQuery);
  const [data, setData] = usePageData<ScheduleWeekDto>(dataId);
  const [mode, setMode] = useState<Mode>("manual");
  const [copied, setCopied] = useState<ScheduleEntryDto | null>(null);
  const [editing, setEditing] = useState<CellRef | null>(null);
  const [deleting, setDeleting] = useState<CellRef | null>(null);
  const [dialog, setDialog] = useState<"request" | "publish" | null>(null);
  const [busy, setBusy] = useState(false);
  const first = useRef(true);
  const lastSearch = useRef(initialQuery.search);

  async function reload(q: ScheduleQuery = query) {
    const p = paramsOf(q);
    setData(await api<ScheduleWeekDto>(`/api/schedule/get_reports/?${p}`));
    replaceUrl(`${location.pathname}?${p}`);
  }

  useEffect(() => {
    if (first.current) {
      first.current = false;
      return;
    }
    // The search box waits for a pause in typing (02 section 9: 1000 ms); every other change is at once.
    const wait = query.search !== lastSearch.current ? 1000 : 0;
    lastSearch.current = query.search;
    const t = setTimeout(() => void reload(query).catch(() => {}), wait);
    return () => clearTimeout(t);
  }, [query]);

  useEffect(() => setCopied(null), [mode, query.week, query.year, query.station]);

  async function paste(cell: CellRef) {
    if (!copied || !data) return;
    try {
      await api("/api/schedule/create_or_update_report/", {
        method: "POST",
        json: pasteBody(copied, cell.person, cell.date, data.station.id),
      });
      await reload();
    } catch { /* the server's words are already shown */ }
  }

  function onCell(cell: CellRef) {
    if (mode === "manual") return setEditing(cell);
    if (mode === "delete") return cell.entry?.role != null && setDeleting(cell);
    if (!copied || copied.id === cell.entry?.id) {
      if (!canCopy(cell.entry && { role: cell.entry.role, helperOfId: cell.entry.helper_of })) {
        return toast("warning", cell.entry ? "A helper's day with its link cannot be copied." : "Empty day.");
      }
      return setCopied(copied ? null : cell.entry);
    }
    void paste(cell);
  }

  async function confirmDelete() {
    if (!deleting || !data) return;
    setBusy(true);
    try {
      await api("/api/schedule/delete_report/", {
        method: "POST",
        json: { date: deleting.date, user_id: deleting.person.id, station: data.station.id },
      });
      setDeleting(null);
      await reload();
    } catch { /* shown by api() */ }
    setBusy(false);
  }

  return (
    <div className="space-y-3" data-testid="schedule">
      <ScheduleToolbar
        stations={stations}
        query={query}
        onQuery={(patch) => setQuery((q) => ({ ...q, ...patch }))}
        mode={mode}
        onMode={setMode}
        onRequest={() => setDialog("request")}
        onPublish={() => setDialog("publish")}
      />
      {mode === "copy" && (
        <p className="text-sm text-slate-600" data-testid="copy-hint">
          {copied
            ? `Copied ${
              copied.role_name || (copied.is_available ? "Available" : "Unavailable")
            } — click other days to paste, or the same day to let go.`
            : "Click a day to copy it."}
        </p>
      )}
      {data
        ? (
          <ScheduleGrid
            data={data}
            mode={mode}
            copiedId={copied?.id ?? null}
            viewerRole={viewerRole}
            onCell={onCell}
          />
        )
        : (
          <div className="card p-6 text-sm text-slate-500" data-testid="schedule-loading" aria-busy="true">
            Loading the week…
          </div>
        )}
      {editing && data && (
        <CellEditor
          cell={editing}
          data={data}
          viewerRole={viewerRole}
          onClose={() => setEditing(null)}
          onSaved={async () => {
            setEditing(null);
            await reload().catch(() => {});
          }}
        />
      )}
      <ConfirmDialog
        open={deleting !== null}
        title="Delete schedule"
        confirmLabel="Delete"
        busy={busy}
        onConfirm={() => void confirmDelete()}
        onClose={() => setDeleting(null)}
      >
        {DELETE_CONFIRM}
      </ConfirmDialog>
      {data && (
        <>
          <RequestDialog open={dialog === "request"} data={data} onClose={() => setDialog(null)} />
          <PublishDialog
            open={dialog === "publish"}
            data={data}
            onClose={() => setDialog(null)}
            onDone={() => void reload().catch(() => {})}
          />
        </>
      )}
    </div>
  );
}

reactIsland(ScheduleBoard);
