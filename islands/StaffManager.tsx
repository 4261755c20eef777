import { useEffect, useState } from "react";
import type { StaffDto } from "../lib/staff/dto.ts";
import { formatDateTimeInZone } from "../lib/dates/format.ts";
import { api } from "./client/api.ts";
import { toast } from "./client/toast.ts";
import Pager from "./ui/Pager.tsx";
import SortHeader from "./ui/SortHeader.tsx";
import StaffForm, { type StaffFormOptions } from "./StaffForm.tsx";
import { AccountActions, AccountConfirm, type Pending, StatusBadge } from "./StaffAccountActions.tsx";
import { type PagedData, useList } from "./client/useList.ts";
import { reportError } from "./setup/feedback.ts";

export const STAFF_DEFAULTS = {
  page: "1",
  page_size: "10",
  search: "",
  role: "",
  status: "",
  ordering: "last_name",
};
const ROLE_FILTER = [["1", "Dispatcher"], ["2", "Supervisor"], ["3", "Manager"], ["4", "Owner"]] as const;

/** Staff accounts: search, filters, the paged table and the add/edit form with the account actions. */
export default function StaffManager({ initial, viewerId, viewerRole, timeZone, options }: {
  initial: PagedData<StaffDto>;
  viewerId: number;
  viewerRole: string;
  timeZone: string;
  options: StaffFormOptions;
}) {
  const { query, setQuery, data, state, reload } = useList<StaffDto>("/api/staff/", STAFF_DEFAULTS, { data: initial });
  const [search, setSearch] = useState(query.search ?? "");
  const [editing, setEditing] = useState<StaffDto | null>(null);
  const [formOpen, setFormOpen] = useState(false);
  const [pending, setPending] = useState<Pending>(null);
  const [busy, setBusy] = useState(false);

  // The spec's search debounce: 1000 ms after the last key.
  useEffect(() => {
    if (search === (query.search ?? "")) return;
    const t = setTimeout(() => setQuery({ search }), 1000);
    return () => clearTimeout(t);
  }, [search]);

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
        reload();
      }
      setPending(null);
      setFormOpen(false);
    } catch (err) {
      reportError(err);
    }
    setBusy(false);
  }

  const filtered = !!(query.search || query.role || query.status);
  return (
    <div className="card" data-testid="staff">
      <div className="flex flex-wrap items-end gap-3 border-b border-slate-200 p-3">
        <label className="min-w-48 flex-1">
          <span className="sr-only">Search</span>
          <input
            type="search"
            className="field-input"
            placeholder="Search name, e-mail or mobile"
            value={search}
            onChange={(e) => setSearch(e.target.value)}
            data-testid="staff-search"
          />
        </label>
        <select
          className="field-input w-auto"
          value={query.role ?? ""}
          onChange={(e) => setQuery({ role: e.target.value })}
          aria-label="Role"
          data-testid="staff-role-filter"
        >
          <option value="">All roles</option>
          {ROLE_FILTER.map(([v, n]) => <option key={v} value={v}>{n}</option>)}
        </select>
        <select
          className="field-input w-auto"
          value={query.status ?? ""}
          onChange={(e) => setQuery({ status: e.target.value })}
          aria-label="Status"
        >
          <option value="">Active and deactivated</option>
          <option value="active">Active only</option>
          <option value="inactive">Deactivated only</option>
        </select>
        <button
          type="button"
          className="btn-primary ml-auto"
          onClick={() => open(null)}
          data-testid="staff-add"
        >
          Add account
        </button>
      </div>
      <div className={`overflow-x-auto transition-opacity ${state === "loading" ? "opacity-60" : ""}`}>
        <table className="data-table" data-testid="staff-table">
          <thead>
            <tr>
              <SortHeader
                field="last_name"
                label="Name"
                ordering={query.ordering}
                onOrder={(o) => setQuery({ ordering: o })}
              />
              <SortHeader
                field="role"
                label="Role"
                ordering={query.ordering}
                onOrder={(o) => setQuery({ ordering: o })}
              />
              <th>Stations</th>
              <th className="hidden xl:table-cell">Mobile</th>
              <SortHeader
                field="last_login"
                label="Last sign-in"
                className="hidden lg:table-cell"
                ordering={query.ordering}
                onOrder={(o) => setQuery({ ordering: o })}
              />
              <th>Status</th>
              <th className="text-right">
                <span className="sr-only">Actions</span>
              </th>
            </tr>
          </thead>
          <tbody>
            {data.results.length === 0
              ? (
                <tr>
                  <td colSpan={7}>
                    <div className="py-10 text-center text-slate-500" data-testid="staff-empty">
                      {state === "error"
                        ? "The accounts could not be loaded."
                        : filtered
                        ? "No accounts match these filters."
                        : "No staff accounts at your stations yet. Add the first with 'Add account'."}
                    </div>
                  </td>
                </tr>
              )
              : data.results.map((a) => (
                <tr key={a.id} data-testid="staff-row" className={a.is_active ? "" : "text-slate-500"}>
                  <td className="min-w-52">
                    <div className="font-medium text-slate-900">
                      {a.first_name} {a.last_name}
                      {a.id === viewerId
                        ? (
                          <span className="ml-2 rounded bg-slate-100 px-1.5 py-0.5 text-xs text-slate-600">
                            You
                          </span>
                        )
                        : null}
                    </div>
                    <div className="break-all text-xs text-slate-500">{a.email}</div>
                  </td>
                  <td className="whitespace-nowrap">{a.role_name}</td>
                  <td>
                    <div className="flex flex-wrap gap-1">
                      {a.station_spots.map((s) => (
                        <span
                          key={s.id}
                          title={s.station.title}
                          className="rounded bg-brand-50 px-1.5 py-0.5 font-mono text-xs font-semibold text-brand-700"
                        >
                          {s.station.tag}
                        </span>
                      ))}
                    </div>
                  </td>
                  <td className="hidden whitespace-nowrap xl:table-cell">{a.mobile_number ?? "—"}</td>
                  <td className="hidden whitespace-nowrap lg:table-cell">
                    {a.last_login ? formatDateTimeInZone(a.last_login, timeZone) : "Never"}
                  </td>
                  <td>
                    <StatusBadge a={a} />
                  </td>
                  <td className="whitespace-nowrap text-right">
                    {a.can_edit
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
                          className="text-xs text-slate-400"
                          title={`A ${viewerRole} cannot change ${a.role_name} accounts.`}
                          data-testid="view-only"
                        >
                          View only
                        </span>
                      )}
                  </td>
                </tr>
              ))}
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

      <StaffForm
        open={formOpen}
        account={editing}
        viewerId={viewerId}
        options={options}
        onClose={() => setFormOpen(false)}
        onSaved={(_saved, message) => {
          toast("success", message);
          setFormOpen(false);
          reload();
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
