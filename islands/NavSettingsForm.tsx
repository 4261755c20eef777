import { useState } from "react";
import type { MenuGroup } from "../lib/auth/permissions.ts";
import { api } from "./client/api.ts";
import { toast } from "./client/toast.ts";
import Icon from "./ui/Icon.tsx";
import { reactIsland } from "./ui/island.ts";

/** 'Navigation Menu Settings': a checkbox per group and item the role may open, stored on the server. */
export default function NavSettingsForm({ groups, hidden }: { groups: MenuGroup[]; hidden: string[] }) {
  const [open, setOpen] = useState(true);
  const [off, setOff] = useState(new Set(hidden));
  const [saved, setSaved] = useState(new Set(hidden));
  const [busy, setBusy] = useState(false);
  const dirty = off.size !== saved.size || [...off].some((k) => !saved.has(k));

  const toggle = (key: string) => {
    const next = new Set(off);
    next.has(key) ? next.delete(key) : next.add(key);
    setOff(next);
  };

  async function save() {
    setBusy(true);
    try {
      await api("/api/settings/navigation/", { method: "PUT", json: { hidden: [...off] } });
      setSaved(new Set(off));
      toast("success", "Navigation menu settings were saved. They apply on the next page you open.");
    } catch { /* toasted */ }
    setBusy(false);
  }

  return (
    <section className="card" data-testid="nav-settings">
      <button
        type="button"
        className="flex w-full items-center justify-between px-5 py-4 text-left"
        aria-expanded={open}
        onClick={() => setOpen(!open)}
      >
        <span className="text-base font-semibold text-slate-900">Navigation Menu Settings</span>
        <Icon name={open ? "chevronDown" : "chevronRight"} />
      </button>
      {open
        ? (
          <div className="border-t border-slate-100 px-5 py-4">
            {groups.length === 0
              ? <p className="text-sm text-slate-500">Your role has no menu entries to choose from yet.</p>
              : (
                <div className="grid gap-4 sm:grid-cols-2 lg:grid-cols-3">
                  {groups.map((g) => {
                    const groupOff = off.has(`group:${g.key}`);
                    return (
                      <fieldset key={g.key} className="rounded-md border border-slate-200 p-3">
                        <label className="flex items-center gap-2 text-sm font-semibold text-slate-800">
                          <input
                            type="checkbox"
                            checked={!groupOff}
                            onChange={() => toggle(`group:${g.key}`)}
                            data-testid={`nav-group-${g.key}`}
                            className="h-4 w-4 accent-brand-600"
                          />
                          {g.label}
                        </label>
                        <div className="mt-2 space-y-1.5 pl-6">
                          {g.items.map((i) => (
                            <label
                              key={i.key}
                              className={`flex items-center gap-2 text-sm ${
                                groupOff ? "text-slate-500" : "text-slate-700"
                              }`}
                            >
                              <input
                                type="checkbox"
                                checked={!off.has(`item:${i.key}`)}
                                disabled={groupOff}
                                onChange={() => toggle(`item:${i.key}`)}
                                data-testid={`nav-item-${i.key}`}
                                className="h-4 w-4 accent-brand-600"
                              />
                              {i.label}
                            </label>
                          ))}
                        </div>
                      </fieldset>
                    );
                  })}
                </div>
              )}
            <div className="mt-4 flex justify-end gap-2">
              <button
                type="button"
                className="btn-secondary"
                disabled={!dirty || busy}
                title={!dirty ? "Nothing changed yet" : undefined}
                onClick={() => setOff(new Set(saved))}
              >
                Cancel
              </button>
              <button
                type="button"
                className="btn-primary"
                disabled={!dirty || busy}
                title={!dirty ? "Nothing changed yet" : undefined}
                onClick={save}
              >
                Save
              </button>
            </div>
          </div>
        )
        : null}
    </section>
  );
}

reactIsland(NavSettingsForm);
