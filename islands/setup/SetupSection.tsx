import { useState } from "react";
import { ENTITY_LABELS, type EntityKey } from "../../lib/reference/inputs.ts";
import { api, ApiError } from "../client/api.ts";
import { reportError } from "../client/form.ts";
import { toast } from "../client/toast.ts";
import { type PagedData, useList } from "../client/useList.ts";
import ConfirmDialog from "../ui/ConfirmDialog.tsx";
import DataTable from "../ui/DataTable.tsx";
import FilterBar, { type FilterField } from "../ui/FilterBar.tsx";
import EntityForm from "./EntityForm.tsx";
import { SECTIONS, type SetupOptions, type SetupRows } from "./sections.tsx";
import { reactIsland } from "../ui/island.ts";

export const SETUP_DEFAULTS = { page: "1", page_size: "10", search: "", ordering: "", station: "", kind: "" };

function filterFields(search: string, filters: ("station" | "kind")[], options: SetupOptions): FilterField[] {
  const fields: FilterField[] = [
    { kind: "search", key: "search", label: "Search", placeholder: search, testId: "setup-search" },
  ];
  if (filters.includes("station")) {
    fields.push({
      kind: "select",
      key: "station",
      label: "Station",
      all: "All my stations",
      options: options.stations.map((s) => ({ value: String(s.id), label: s.tag })),
    });
  }
  if (filters.includes("kind")) {
    fields.push({
      kind: "select",
      key: "kind",
      label: "Kind",
      all: "Rabbits and dollies",
      options: [{ value: "rabbit", label: "Rabbits" }, { value: "dolly", label: "Dollies" }],
    });
  }
  return fields;
}

/** One Setup section: search and filters, the paged table, Add/Edit in a dialog, Delete after a question. */
export default function SetupSection<K extends EntityKey>({ entity, initial, options, canEdit }: {
  entity: K;
  /** False shows the section read-only: the server refuses this viewer's writes (org-wide data). */
  canEdit: boolean;
  /** The rows the page rendered, of this entity (the registry's list is typed loosely). */
  initial: PagedData<unknown>;
  options: SetupOptions;
}) {
  type Row = SetupRows[K];
  const def = SECTIONS[entity];
  const plural = ENTITY_LABELS[entity].title.toLowerCase();
  const list = useList<Row>(`/api/setup/${entity}/`, SETUP_DEFAULTS, { data: initial as PagedData<Row> });
  const [formOpen, setFormOpen] = useState(false);
  const [editing, setEditing] = useState<Row | null>(null);
  const [deleting, setDeleting] = useState<Row | null>(null);
  const [refusal, setRefusal] = useState<string | null>(null);
  const [busy, setBusy] = useState(false);

  const openForm = (row: Row | null) => {
    setEditing(row);
    setFormOpen(true);
  };
  const askDelete = (row: Row) => {
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
      list.reload();
    } catch (err) {
      // 409: say what still uses it, in the dialog as well as the toast.
      if (err instanceof ApiError && err.status === 409) setRefusal(String(err.body.detail ?? ""));
      reportError(err);
    }
    setBusy(false);
  }

  const filtered = !!(list.query.search || list.query.station || list.query.kind);
  return (
    <div className="card" data-testid={`setup-${entity}`}>
      <FilterBar
        layout="toolbar"
        fields={filterFields(def.search, def.filters, options)}
        query={list.query}
        onChange={list.setQuery}
        debounceMs={1000}
        actions={canEdit && (
          <button
            type="button"
            className="btn-primary"
            onClick={() => openForm(null)}
            data-testid="setup-add"
          >
            Add {def.singular}
          </button>
        )}
      />
      <DataTable
        testId="setup"
        columns={def.columns}
        rows={list.data.results}
        state={list.state}
        ordering={list.query.ordering || def.ordering}
        onOrder={(o) => list.setQuery({ ordering: o })}
        actions={canEdit
          ? (r) => (
            <RowActions
              why={def.undeletable?.(r) ?? null}
              name={def.describe(r)}
              onEdit={() => openForm(r)}
              onDelete={() => askDelete(r)}
            />
          )
          : undefined}
        empty={{
          title: filtered
            ? `No ${plural} match these filters.`
            : canEdit
            ? `No ${plural} yet. Add the first with 'Add ${def.singular}'.`
            : `No ${plural} yet.`,
        }}
        failed={`The ${plural} could not be loaded.`}
        onRetry={list.reload}
        paging={list.paging}
      />
      <EntityForm
        entity={entity}
        row={editing}
        options={options}
        open={formOpen}
        onClose={() => setFormOpen(false)}
        onSaved={(saved) => {
          const what = def.describe(saved).replace(/^./, (c) => c.toUpperCase());
          toast("success", `${what} was ${editing ? "saved" : "added"}.`);
          setFormOpen(false);
          list.reload();
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

/** Edit, and Delete unless the row can never be deleted (then the button says why). */
function RowActions({ why, name, onEdit, onDelete }: {
  why: string | null;
  name: string;
  onEdit: () => void;
  onDelete: () => void;
}) {
  return (
    <div className="inline-flex gap-1.5">
      <button
        type="button"
        className="btn-secondary px-2.5 py-1 text-xs"
        onClick={onEdit}
        aria-label={`Edit ${name}`}
      >
        Edit
      </button>
      <button
        type="button"
        className="btn-ghost px-2.5 py-1 text-xs text-red-700 hover:bg-red-50"
        disabled={!!why}
        title={why ?? undefined}
        onClick={onDelete}
        aria-label={`Delete ${name}`}
      >
        Delete
      </button>
    </div>
  );
}

reactIsland(SetupSection);
