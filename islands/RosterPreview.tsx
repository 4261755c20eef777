// The preview step of the roster import dialog (islands/RosterImport.tsx).
import { KIND_LABEL, type PreviewDto, type RosterKind } from "../lib/roster/inputs.ts";

export const KEY_HEADER: Record<RosterKind, string> = { das: "Transporter ID", vans: "Number" };

export const n = (x: number) => x.toLocaleString("en-US");

function Stat(
  { label, value, tone, testId }: { label: string; value: number; tone: string; testId: string },
) {
  return (
    <div className={`rounded-md border px-3 py-2 ${tone}`} data-testid={testId}>
      <div className="text-2xl font-semibold tabular-nums">{n(value)}</div>
      <div className="text-xs font-medium uppercase tracking-wide">{label}</div>
    </div>
  );
}

function More({ shown, more, what }: { shown: number; more: number; what: string }) {
  if (!more) return null;
  return (
    <p className="mt-1 text-xs text-slate-500">
      Showing the first {n(shown)} {what}; {n(more)} more are not listed.
    </p>
  );
}

/** The preview of an import: counts, the rejected rows, a sample of the new and changed rows. */
export default function RosterPreview(
  { kind, p, ack, setAck }: { kind: RosterKind; p: PreviewDto; ack: boolean; setAck: (v: boolean) => void },
) {
  const label = KIND_LABEL[kind];
  return (
    <div className="space-y-5" data-testid="roster-preview">
      <p className="text-sm text-slate-600">
        <span className="font-medium text-slate-900">{p.file_name}</span>: {n(p.rows)}{" "}
        row{p.rows === 1 ? "" : "s"} read. Nothing has been written yet.
      </p>
      <div className="grid grid-cols-2 gap-2 sm:grid-cols-4">
        <Stat
          label="to create"
          value={p.counts.create}
          tone="border-emerald-200 bg-emerald-50 text-emerald-800"
          testId="count-create"
        />
        <Stat
          label="to update"
          value={p.counts.update}
          tone="border-sky-200 bg-sky-50 text-sky-800"
          testId="count-update"
        />
        <Stat
          label="unchanged"
          value={p.counts.unchanged}
          tone="border-slate-200 bg-slate-50 text-slate-700"
          testId="count-unchanged"
        />
        <Stat
          label="rejected"
          value={p.counts.reject}
          tone="border-red-200 bg-red-50 text-red-800"
          testId="count-reject"
        />
      </div>
      {p.ignored_columns.length > 0 && (
        <p
          className="rounded-md border border-amber-200 bg-amber-50 px-3 py-2 text-sm text-amber-900"
          data-testid="ignored-columns"
        >
          Columns not read: {p.ignored_columns.join(", ")}.
        </p>
      )}
      {p.reject.length > 0 && (
        <section>
          <h3 className="mb-2 text-sm font-semibold text-red-800">Rejected rows: these will be skipped</h3>
          <div className="max-h-60 overflow-auto rounded-md border border-red-200">
            <table className="data-table" data-testid="reject-table">
              <thead>
                <tr>
                  <th>Row</th>
                  <th>Column</th>
                  <th>Reason</th>
                </tr>
              </thead>
              <tbody>
                {p.reject.map((r, i) => (
                  <tr key={i} data-testid="reject-row">
                    <td className="tabular-nums">{r.row}</td>
                    <td className="whitespace-nowrap">{r.column ?? "—"}</td>
                    <td className="text-red-800">{r.reason}</td>
                  </tr>
                ))}
              </tbody>
            </table>
          </div>
          <More shown={p.reject.length} more={p.more.reject} what="problems" />
        </section>
      )}
      {p.create.length > 0 && (
        <section>
          <h3 className="mb-2 text-sm font-semibold text-slate-900">New {label.nouns}</h3>
          <div className="max-h-60 overflow-auto rounded-md border border-slate-200">
            <table className="data-table" data-testid="create-table">
              <thead>
                <tr>
                  <th>Row</th>
                  <th>{KEY_HEADER[kind]}</th>
                  <th>{kind === "das" ? "Name" : "Van"}</th>
                  <th>Station</th>
                </tr>
              </thead>
              <tbody>
                {p.create.map((c) => (
                  <tr key={c.row}>
                    <td className="tabular-nums">{c.row}</td>
                    <td className="font-mono text-xs">{c.key}</td>
                    <td>{c.label || "—"}</td>
                    <td>{c.station ?? "—"}</td>
                  </tr>
                ))}
              </tbody>
            </table>
          </div>
          <More shown={p.create.length} more={p.more.create} what={`new ${label.nouns}`} />
        </section>
      )}
      {p.update.length > 0 && (
        <section>
          <h3 className="mb-2 text-sm font-semibold text-slate-900">Updates</h3>
          <div className="max-h-60 overflow-auto rounded-md border border-slate-200">
            <table className="data-table" data-testid="update-table">
              <thead>
                <tr>
                  <th>Row</th>
                  <th>{KEY_HEADER[kind]}</th>
                  <th>{kind === "das" ? "Name" : "Van"}</th>
                  <th>Changes</th>
                </tr>
              </thead>
              <tbody>
                {p.update.map((u) => (
                  <tr key={u.row}>
                    <td className="tabular-nums">{u.row}</td>
                    <td className="font-mono text-xs">{u.key}</td>
                    <td>{u.label || "—"}</td>
                    <td>
                      <ul className="space-y-0.5">
                        {u.changes.map((c) => (
                          <li key={c.column}>
                            <span className="font-medium">{c.column}</span>:{" "}
                            <span className="text-slate-500 line-through">{c.from ?? "empty"}</span> →{" "}
                            {c.to ?? "empty"}
                          </li>
                        ))}
                      </ul>
                    </td>
                  </tr>
                ))}
              </tbody>
            </table>
          </div>
          <More shown={p.update.length} more={p.more.update} what="updates" />
        </section>
      )}
      {p.counts.create + p.counts.update === 0 && (
        <p
          className="rounded-md border border-slate-200 bg-slate-50 px-3 py-2 text-sm text-slate-700"
          data-testid="nothing-to-import"
        >
          Nothing to import: {p.counts.reject
            ? "every row is either rejected or already up to date."
            : "every row is already up to date."}
        </p>
      )}
      {p.counts.reject > 0 && p.counts.create + p.counts.update > 0 && (
        <label className="flex items-start gap-2 text-sm text-slate-800">
          <input
            type="checkbox"
            className="mt-0.5 h-4 w-4"
            checked={ack}
            onChange={(e) => setAck(e.target.checked)}
            data-testid="ack-skip"
          />
          <span>
            Skip the {n(p.counts.reject)} rejected row{p.counts.reject === 1 ? "" : "s"}{" "}
            and import the others.
          </span>
        </label>
      )}
    </div>
  );
}
