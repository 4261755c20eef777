// A history row opened: what the import holds (week, station, kind, rows per table), the transporter ids
// no DA holds (create or map a DA), the file's non-fatal problems, what replaced it; Re-run and Remove.
import { useCallback, useEffect, useState } from "react";
import type { ImportDetailDto, ImportOutcomeDto } from "../../lib/imports/dto.ts";
import type { Problem } from "../../lib/amazon/types.ts";
import { formatTimestamp } from "../../lib/dates/format.ts";
import Drawer from "../ui/Drawer.tsx";
import ConfirmDialog from "../ui/ConfirmDialog.tsx";
import { api, ApiError } from "../client/api.ts";
import { toast } from "../client/toast.ts";
import { formatDuration, kindLabel, splitCounts, tableLabel } from "./dialogs.ts";
import { BreakableName, ImportStatus } from "./HistoryTable.tsx";
import { ProblemList } from "./UploadDialog.tsx";
import UnmatchedIds from "./UnmatchedIds.tsx";

function Section(
  { title, children, aside }: { title: string; children: React.ReactNode; aside?: React.ReactNode },
) {
  return (
    <section>
      <div className="mb-2 flex items-baseline justify-between gap-2">
        <h3 className="text-sm font-semibold text-slate-900">{title}</h3>
        {aside}
      </div>
      {children}
    </section>
  );
}

const isColumnNote = (p: Problem) => p.code === "missing_columns" || p.code === "extra_columns";

/** Every column a kind of note names, once, in the file's order (a WHC workbook notes each sheet). */
const columnsOf = (problems: Problem[], code: Problem["code"]) => [
  ...new Set(problems.filter((p) => p.code === code && !p.fatal).flatMap((p) => p.columns ?? [])),
];

/** Amazon's file generations: the columns this import reads that the file lacked, and those it ignored. */
function ColumnNotes({ problems }: { problems: Problem[] }) {
  const missing = columnsOf(problems, "missing_columns");
  const extra = columnsOf(problems, "extra_columns");
  if (!missing.length && !extra.length) return null;
  const list = (xs: string[], testId: string, tone: string) => (
    <ul className="flex flex-wrap gap-1.5" data-testid={testId}>
      {xs.map((x) => (
        <li key={x} className={`rounded px-2 py-0.5 text-xs font-medium [overflow-wrap:anywhere] ${tone}`}>
          {x}
        </li>
      ))}
    </ul>
  );
  return (
    <Section title="Columns">
      <div className="space-y-3 text-sm">
        {missing.length
          ? (
            <div>
              <p className="mb-1.5 text-slate-600">Not in this file; their values were left empty:</p>
              {list(missing, "detail-missing-columns", "bg-amber-100 text-amber-900")}
            </div>
          )
          : null}
        {extra.length
          ? (
            <div>
              <p className="mb-1.5 text-slate-600">In the file but not read by this import; ignored:</p>
              {list(extra, "detail-extra-columns", "bg-slate-100 text-slate-700")}
            </div>
          )
          : null}
      </div>
    </Section>
  );
}

const bytes = (n: number | null) =>
  n === null
    ? "—"
    : n < 1024
    ? `${n} B`
    : n < 1024 * 1024
    ? `${(n / 1024).toFixed(1)} KB`
    : `${(n / 1024 / 1024).toFixed(2)} MB`;

export default function ImportDetail(
  { id, timeZone, canManage, canLink, onClose, onOpen, onChanged, onRemoved }: {
    id: number | null;
    timeZone: string;
    canManage: boolean;
    canLink: boolean;
    onClose: () => void;
    /** open another import (the one that replaced this) */
    onOpen: (id: number) => void;
    /** the history row changed (re-run, DAs linked): reload the list */
    onChanged: () => void;
    onRemoved: (id: number) => void;
  },
) {
  const [detail, setDetail] = useState<ImportDetailDto | null | "error">(null);
  const [busy, setBusy] = useState<"rerun" | "remove" | null>(null);
  const [confirm, setConfirm] = useState(false);
  const [rerunNote, setRerunNote] = useState<string | null>(null);

  const load = useCallback(async (which: number) => {
    try {
      setDetail(await api<ImportDetailDto>(`/api/imports/${which}/`, { quiet: true }));
    } catch (e) {
      setDetail("error");
      if (e instanceof ApiError && e.status === 404) toast("warning", "This import no longer exists.");
    }
  }, []);

  useEffect(() => {
    setDetail(null);
    setRerunNote(null);
    setConfirm(false);
    if (id !== null) load(id);
  }, [id, load]);

  if (id === null) return null;

  async function rerun() {
    if (id === null) return;
    setBusy("rerun");
    try {
      const o = await api<ImportOutcomeDto>(`/api/imports/${id}/rerun/`, { method: "POST" });
      setDetail(o.import);
      setRerunNote(
        `Re-run done: ${o.import.rows.toLocaleString("en-US")} rows stored in ${formatDuration(o.took_ms)}.`,
      );
      toast("success", "The import was re-run!");
      onChanged();
    } catch { /* the catalogue's toast said why */ }
    setBusy(null);
  }

  async function remove() {
    if (id === null) return;
    setBusy("remove");
    try {
      await api(`/api/imports/${id}/`, { method: "DELETE" });
      toast("success", "The import was removed!");
      setConfirm(false);
      onRemoved(id);
    } catch { /* the catalogue's toast said why */ }
    setBusy(null);
  }

  const d = detail && detail !== "error" ? detail : null;
  const footer = d && canManage
    ? (
      <>
        {d.status === "imported"
          ? (
            <button
              type="button"
              className="btn-secondary"
              onClick={rerun}
              disabled={!!busy}
              data-testid="import-rerun"
              title="Read the kept file again and store its rows anew"
            >
              {busy === "rerun" ? "Re-running…" : "Re-run"}
            </button>
          )
          : null}
        <button
          type="button"
          className="btn-danger"
          onClick={() => setConfirm(true)}
          disabled={!!busy}
          data-testid="import-remove"
        >
          Remove
        </button>
      </>
    )
    : undefined;

  const facts: [string, React.ReactNode][] = d
    ? [
      ["Status", <ImportStatus key="s" status={d.status} />],
      ["Kind", kindLabel(d.kind)],
      ["Station", `${d.station.tag} · ${d.station.title}`],
      ["Week", d.week],
      ["Uploaded", formatTimestamp(d.uploaded_at, timeZone)],
      ["Uploader", d.uploader.email ?? "—"],
      [
        "Rows",
        d.status === "replaced" ? "0 (removed with the replaced file)" : d.rows.toLocaleString("en-US"),
      ],
      ["File size", bytes(d.size)],
      ...(d.options?.start_page
        ? [["Table starts", `page ${d.options.start_page}`] as [string, React.ReactNode]]
        : []),
      [
        "SHA-256",
        <span key="h" className="font-mono text-xs" title={d.sha256}>{d.sha256.slice(0, 16)}…</span>,
      ],
    ]
    : [];
  const { tables: counts, atImport } = d ? splitCounts(d.counts) : { tables: [], atImport: null };
  const others = d ? d.problems.filter((p) => !isColumnNote(p)) : [];

  return (
    <>
      <Drawer open title={d ? `Import #${d.id}` : `Import #${id}`} onClose={onClose} footer={footer}>
        {detail === null ? <p className="text-sm text-slate-500">Loading…</p> : null}
        {detail === "error"
          ? (
            <div className="text-sm">
              <p className="text-red-700">The import could not be loaded.</p>
              <button type="button" className="btn-secondary mt-2" onClick={() => load(id)}>Try again</button>
            </div>
          )
          : null}
        {d
          ? (
            <div className="space-y-5" data-testid="import-detail">
              <p
                className="text-sm font-medium text-slate-800 [overflow-wrap:anywhere]"
                data-testid="detail-file"
              >
                <BreakableName name={d.file_name} />
              </p>
              {rerunNote
                ? (
                  <p
                    className="rounded-md border border-emerald-200 bg-emerald-50 px-3 py-2 text-sm text-emerald-900"
                    role="status"
                  >
                    {rerunNote}
                  </p>
                )
                : null}
              {d.status === "replaced"
                ? (
                  <p
                    className="rounded-md border border-amber-200 bg-amber-50 px-3 py-2 text-sm text-amber-900"
                    data-testid="replaced-by"
                  >
                    A newer file for {d.station.tag}, {d.week} replaced this one; its rows were removed.
                    {d.replaced_by !== null
                      ? (
                        <>
                          {" "}
                          <button
                            type="button"
                            className="font-medium underline"
                            onClick={() => onOpen(d.replaced_by!)}
                          >
                            Open import #{d.replaced_by}
                          </button>
                        </>
                      )
                      : null}
                  </p>
                )
                : null}
              <dl className="grid grid-cols-[auto_1fr] gap-x-4 gap-y-1.5 text-sm" data-testid="detail-facts">
                {facts.map(([k, v]) => (
                  <div key={k} className="contents">
                    <dt className="text-slate-500">{k}</dt>
                    <dd className="min-w-0 break-words font-medium text-slate-800">{v}</dd>
                  </div>
                ))}
              </dl>
              <Section title={d.status === "replaced" ? "Rows per table when imported" : "Rows per table"}>
                {counts.length
                  ? (
                    <table className="w-full text-sm" data-testid="detail-counts">
                      <tbody>
                        {counts.map(([k, n]) => (
                          <tr key={k} className="border-b border-slate-100 last:border-0">
                            <td className="py-1 text-slate-600">{tableLabel(k)}</td>
                            <td className="py-1 text-right font-medium tabular-nums text-slate-800">
                              {n.toLocaleString("en-US")}
                            </td>
                          </tr>
                        ))}
                      </tbody>
                    </table>
                  )
                  : <p className="text-sm text-slate-500">No rows.</p>}
                {atImport && atImport.matched + atImport.unmatched > 0
                  ? (
                    <p className="mt-2 text-xs text-slate-500" data-testid="detail-at-import">
                      At import, {atImport.matched} of {atImport.matched + atImport.unmatched}{" "}
                      transporter IDs matched a DA.
                    </p>
                  )
                  : null}
              </Section>
              <Section
                title="Transporter IDs without a DA"
                aside={d.unmatched_ids.length
                  ? <span className="text-xs font-medium text-amber-700">{d.unmatched_ids.length}</span>
                  : null}
              >
                {d.status === "replaced"
                  ? <p className="text-sm text-slate-500">Its rows were removed with it; nothing to link.</p>
                  : null}
                <UnmatchedIds
                  hidden={d.status === "replaced"}
                  items={d.unmatched_ids}
                  station={d.station}
                  canLink={canLink}
                  onLinked={() => {
                    load(d.id);
                    onChanged();
                  }}
                />
              </Section>
              <ColumnNotes problems={d.problems} />
              <Section title="Problems in the file">
                {others.length
                  ? <ProblemList problems={others} testId="detail-problems" />
                  : <p className="text-sm text-slate-500">None.</p>}
              </Section>
            </div>
          )
          : null}
      </Drawer>
      <ConfirmDialog
        open={confirm}
        title="Remove this import?"
        confirmLabel="Remove"
        busy={busy === "remove"}
        onConfirm={remove}
        onClose={() => setConfirm(false)}
      >
        {d
          ? (
            <>
              <p>
                <span className="font-medium">{d.file_name}</span> and the {d.rows.toLocaleString("en-US")}
                {" "}
                rows it stored for {d.station.tag}, {d.week} will be removed.
              </p>
              <p className="mt-2">Upload the file again to bring them back.</p>
            </>
          )
          : null}
      </ConfirmDialog>
    </>
  );
}
