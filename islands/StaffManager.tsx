import { useState } from "react";
import type { StaffDto } from "../lib/staff/dto.ts";
import { formatTimestamp } from "../lib/dates/format.ts";
import { api } from "./client/api.ts";
import { reportError } from "./client/form.ts";
import { toast } from "./client/toast.ts";
import { type PagedData, useList } from "./client/useList.ts";
import DataTable, { type Column } from "./ui/DataTable.tsx";
import FilterBar, { type FilterField } from "./ui/FilterBar.tsx";
import { Tag } from "./ui/Tag.tsx";
import StaffForm, { type StaffFormOptions } from "./StaffForm.tsx";
import { AccountActions, AccountBadge, AccountConfirm, type Pending } from "./StaffAccountActions.tsx";
import { reactIsland } from "./ui/island.ts";

export const STAFF_DEFAULTS = {
  page: "1",
  page_size: "10",
  search: "",
  role: "",
  status: "",
  ordering: "last_name",
};

const FILTERS: FilterField[] = [
  {
    kind: "search",
    key: "search",
    label: "Search",
    placeholder: "Search name, e-mail or mobile",
    testId: "staff-search",
  },
  {
    kind: "select",
    key: "role",
    label: "Role",
    all: "All roles",
    testId: "staff-role-filter",
    options: [["1", "Dispatcher"], ["2", "Supervisor"], ["3", "Manager"], ["4", "Owner"]]
      .map(([value, label]) => ({ value, label })),
  },
  {
    kind: "select",
    key: "status",
    label: "Status",
    all: "Active and deactivated",
    options: [{ value: "active", label: "Active only" }, { value: "inactive", label: "Deactivated only" }],
  },
];

function staffColumns(viewerId: number, timeZone: string): Column<StaffDto>[] {
  return [
    {
      header: "Name",
      sort: "last_name",
      cellClassName: "min-w-52",
      cell: (a) => (
        <>
          <div className="font-medium text-slate-900">
            {a.first_name} {a.last_name}
            {a.id === viewerId
              ? <span className="ml-2 rounded bg-slate-100 px-1.5 py-0.5 text-xs text-slate-600">You</span>
              : null}
          </div>
          <div className="break-all text-xs text-slate-500">{a.email}</div>
        </>
      ),
    },
    { header: "Role", sort: "role", cellClassName: "whitespace-nowrap", cell: (a) => a.role_name },
    {
      header: "Stations",
      cell: (a) => (
        <div className="flex flex-wrap gap-1">
          {a.station_spots.map((s) => <Tag key={s.id} title={s.station.title}>{s.station.tag}</Tag>)}
        </div>
      ),
    },
    {
      header: "Mobile",
      className: "hidden xl:table-cell",
      cellClassName: "whitespace-nowrap",
      cell: (a) => a.mobile_number ?? "—",
    },
    {
      header: "Last sign-in",
      sort: "last_login",
      className: "hidden lg:table-cell",
      cellClassName: "whitespace-nowrap",
      cell: (a) => (a.last_login ? formatTimestamp(a.last_login, timeZone) : "Never"),
    },
    { header: "Status", cell: (a) => <AccountBadge a={a} /> },
  ];
}

/** Staff accounts: search, filters, the paged table and the add/edit form with the account actions. */
export default function StaffManager({ initial, viewerId, viewerRole, timeZone, options }: {
  initial: PagedData<StaffDto>;
  viewerId: number;
  viewerRole: string;
  timeZone: string;
  options: StaffFormOptions;
}) {
  const list = useList<StaffDto>("/api/staff/", STAFF_DEFAULTS, { data: initial });
  const [editing, setEditing] = useState<StaffDto | null>(null);
  const [formOpen, setFormOpen] = useState(false);
  const [pending, setPending] = useState<Pending>(null);
  const [busy, setBusy] = useState(false);

  const open = (a: StaffDto | null) => {
    setEditing(a);
    setFormOpen(true);
  };

  async function act() {
    if (!pending) return;
    setBusy(true);
    const { kind, account } = pending;
    const name = `${account.first_name} ${account.last_name}`;
    try {
      if (kind === "link") {
        const r = await api<{ detail: string }>(`/api/staff/${account.id}/send-password-link/`, {
          method: "POST",
          quiet: true,
        });
        toast("success", r.detail);
      } else {
        await api(`/api/staff/${account.id}/${kind}/`, { method: "POST", quiet: true });
        toast(
          "success",
          kind === "deactivate" ? `${name}'s account was deactivated.` : `${name}'s account was reactivated.`,
        );
        list.reload();
      }
      setPending(null);
      setFormOpen(false);
    } catch (err) {
      reportError(err);
    }
    setBusy(false);
  }

  const filtered = !!(list.query.search || list.query.role || list.query.status);
  return (
    <div className="card" data-testid="staff">
      <FilterBar
        layout="toolbar"
        fields={FILTERS}
        query={list.query}
        onChange={list.setQuery}
        debounceMs={1000}
        actions={
          <button
            type="button"
            className="btn-primary"
            onClick={() => open(null)}
            data-testid="staff-add"
          >
            Add account
          </button>
        }
      />
      <DataTable
        testId="staff"
        columns={staffColumns(viewerId, timeZone)}
        rows={list.data.results}
        state={list.state}
        ordering={list.query.ordering}
        onOrder={(o) => list.setQuery({ ordering: o })}
        rowClassName={(a) => (a.is_active ? "" : "text-slate-500")}
        actions={(a) =>
          a.can_edit
            ? (
              <button
                type="button"
                className="btn-secondary px-2.5 py-1 text-xs"
                onClick={() => open(a)}
                aria-label={`Edit ${a.first_name} ${a.last_name}`}
              >
                Edit
              </button>
            )
            : (
              <span
                className="text-xs text-slate-500"
                title={`A ${viewerRole} cannot change ${a.role_name} accounts.`}
                data-testid="view-only"
              >
                View only
              </span>
            )}
        empty={{
          title: filtered
            ? "No accounts match these filters."
            : "No staff accounts at your stations yet. Add the first with 'Add account'.",
        }}
        failed="The accounts could not be loaded."
        onRetry={list.reload}
        paging={list.paging}
      />
      <StaffForm
        open={formOpen}
        account={editing}
        viewerId={viewerId}
        options={options}
        onClose={() => setFormOpen(false)}
        onSaved={(_saved, message) => {
          toast("success", message);
          setFormOpen(false);
          list.reload();
        }}
      >
        {editing
          ? (
            <AccountActions
              account={editing}
              self={editing.id === viewerId}
              onAction={(kind) => setPending({ kind, account: editing })}
            />
          )
          : null}
      </StaffForm>
      <AccountConfirm pending={pending} busy={busy} onClose={() => setPending(null)} onConfirm={act} />
    </div>
  );
}

reactIsland(StaffManager);
