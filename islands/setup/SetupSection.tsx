import { useEffect, useState } from "react";
import { ENTITY_LABELS, type EntityKey } from "../../lib/reference/inputs.ts";
import { api, ApiError } from "../client/api.ts";
import { toast } from "../client/toast.ts";
import Pager from "../ui/Pager.tsx";
import SortHeader from "../ui/SortHeader.tsx";
import ConfirmDialog from "./ConfirmDialog.tsx";
import EntityForm from "./EntityForm.tsx";
import { SECTIONS, type SetupOptions } from "./sections.tsx";
import { type PagedData, useList } from "../client/useList.ts";
import { reportError } from "./feedback.ts";

export const SETUP_DEFAULTS = { page: "1", page_size: "10", search: "", ordering: "", station: "", kind: "" };

/** One Setup section: search and filters, the paged table, Add/Edit in a dialog, Delete after a question. */
export default function SetupSection({ entity, initial, options }: {
  entity: EntityKey;
  initial: PagedData<any>;
  options: SetupOptions;
}) {
  const def = SECTIONS[entity];
  const label = ENTITY_LABELS[entity];
  const { query, setQuery, data, state, reload } = useList<any>(`/api/setup/${entity}/`, SETUP_DEFAULTS, { data: initial });
  const [search, setSearch] = useState(query.search ?? "");
  const [formOpen, setFormOpen] = useState(false);
  const [editing, setEditing] = useState<any | null>(null);
  const [deleting, setDeleting] = useState<any | null>(null);
  const [refusal, setRefusal] = useState<string | null>(null);
  const [busy, setBusy] = useState(false);

  // The spec's search debounce: 1000 ms after the last key.
  useEffect(() => {
    if (search === (query.search ?? "")) return;
    const t = setTimeout(() => setQuery({ search }), 1000);
    return () => clearTimeout(t);
  }, [search]);

  const openForm = (row: any | null) => {
    setEditing(row);
    setFormOpen(true);
  };
  const askDelete = (row: any) => {
    setRefusal(null);
    setDeleting(row);
  };

  async function remove() {
    if (!deleting) return;
    setBusy(true);
    try {
      const r = await api<{ detail: string }>(`/api/setup/${entity}/${deleting.id}/`, {
        method: "DELETE",
        quiet: true,
      });
      toast("success", r.detail);
      setDeleting(null);
      reload();
    } catch (err) {
      // 409: say what still uses it, in the dialog as well as the toast.
      if (err instanceof ApiError && err.status === 409) setRefusal(String(err.body.detail ?? ""));
      reportError(err);
    }
    setBusy(false);
  }

  const ordering = query.ordering || def.ordering;
  const filtered = !!(query.search || query.station || query.kind);
  const cols = def.columns.length + 1;
  return (
    <div className="card" data-testid={`setup-${entity}`}>
      <div className="flex flex-wrap items-end gap-3 border-b border-slate-200 p-3">
        <label className="min-w-48 flex-1">
          <span className="sr-only">Search</span>
          <input
            type="search"
            className="field-input"
            placeholder={def.search}
            value={search}
            onChange={(e) => setSearch(e.target.value)}
            data-testid="setup-search"
          />
        </label>
        {def.filters.includes("station")
          ? (
            <select
              className="field-input w-auto"
              aria-label="Station"
              value={query.station ?? ""}
              onChange={(e) => setQuery({ station: e.target.value })}
            >
              <option value="">All my stations</option>
              {options.stations.map((s) => <option key={s.id} value={s.id}>{s.tag}</option>)}
            </select>
          )
          : null}
        {def.filters.includes("kind")
          ? (
            <select
              className="field-input w-auto"
              aria-label="Kind"
              value={query.kind ?? ""}
              onChange={(e) => setQuery({ kind: e.target.value })}
            >
              <option value="">Rabbits and dollies</option>
              <option value="rabbit">Rabbits</option>
              <option value="dolly">Dollies</option>
            </select>
          )
          : null}
        <button
          type="button"
          className="btn-primary ml-auto"
          onClick={() => openForm(null)}
          data-testid="setup-add"
        >
          Add {def.singular}
        </button>
      </div>
      <div className={`overflow-x-auto transition-opacity ${state === "loading" ? "opacity-60" : ""}`}>
        <table className="data-table" data-testid="setup-table">
          <thead>
            <tr>
              {def.columns.map((c) =>
                c.sort
                  ? (
                    <SortHeader
                      key={c.label}
                      field={c.sort}
                      label={c.label}
                      ordering={ordering}
                      className={c.className}
                      onOrder={(o) => setQuery({ ordering: o })}
                    />
                  )
                  : <th key={c.label} className={c.className}>{c.label}</th>
              )}
              <th className="text-right">
                <span className="sr-only">Actions</span>
              </th>
            </tr>
          </thead>
          <tbody>
            {data.results.length === 0
              ? (
                <tr>
                  <td colSpan={cols}>
                    <div className="py-10 text-center text-slate-500" data-testid="setup-empty">
                      {state === "error"
                        ? `The ${label.title.toLowerCase()} could not be loaded.`
                        : filtered
                        ? `No ${label.title.toLowerCase()} match these filters.`
                        : `No ${label.title.toLowerCase()} yet. Add the first with 'Add ${def.singular}'.`}
                    </div>
                  </td>
                </tr>
              )
              : data.results.map((r) => {
                const why = def.undeletable?.(r) ?? null;
                return (
                  <tr key={r.id} data-testid="setup-row">
                    {def.columns.map((c) => <td key={c.label} className={c.className}>{c.render(r)}</td>)}
                    <td className="whitespace-nowrap text-right">
                      <div className="inline-flex gap-1.5">
                        <button
                          type="button"
                          className="btn-secondary px-2.5 py-1 text-xs"
                          onClick={() => openForm(r)}
                          aria-label={`Edit ${def.describe(r)}`}
                        >
                          Edit
                        </button>
                        <button
                          type="button"
                          className="btn-ghost px-2.5 py-1 text-xs text-red-700 hover:bg-red-50"
                          disabled={!!why}
                          title={why ?? undefined}
                          onClick={() => askDelete(r)}
                          aria-label={`Delete ${def.describe(r)}`}
                        >
                          Delete
                        </button>
                      </div>
                    </td>
                  </tr>
                );
              })}
          </tbody>
        </table>
      </div>
      <Pager
        page={Number(query.page)}
        pageSize={Number(query.page_size)}
        count={data.count}
        onPage={(p) => setQuery({ page: String(p) })}
        onPageSize={(s) => setQuery({ page_size: String(s) })}
      />

      <EntityForm
        entity={entity}
        row={editing}
        options={options}
        open={formOpen}
        onClose={() => setFormOpen(false)}
        onSaved={(saved) => {
          toast(
            "success",
            `${def.describe(saved).replace(/^./, (c) => c.toUpperCase())} was ${
              editing ? "saved" : "added"
            }.`,
          );
          setFormOpen(false);
          reload();
        }}
      />
      <ConfirmDialog
        open={!!deleting}
        busy={busy}
        title={`Delete ${def.singular}`}
        confirmLabel={refusal ? "Close" : "Delete"}
        danger={!refusal}
        onClose={() => setDeleting(null)}
        onConfirm={refusal ? () => setDeleting(null) : remove}
      >
        {refusal
          ? <p className="font-medium text-red-700" data-testid="delete-refused">{refusal}</p>
          : deleting
          ? <p>Delete {def.describe(deleting)}? This cannot be undone.</p>
          : null}
      </ConfirmDialog>
    </div>
  );
}
