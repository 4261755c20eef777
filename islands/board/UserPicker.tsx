import { useEffect, useId, useRef, useState } from "react";
import { api } from "../client/api.ts";

export interface Picked {
  id: number;
  label: string;
}
interface UserRow {
  id: number;
  first_name: string;
  last_name: string;
  email: string;
  role: number;
  badge: string | null;
  transporter_id: string | null;
}

const nameOf = (u: UserRow) => `${u.first_name} ${u.last_name}`.trim() || u.email;

/**
 * An autocomplete over GET /api/users/ (people who share one of the viewer's stations): staff accounts, or
 * DAs. Typing searches 300 ms after the last key; arrows and Enter pick; the list shows below the input.
 */
export default function UserPicker({ id, label, kind, value, onChange, placeholder }: {
  id: string;
  label: string;
  kind: "staff" | "driver";
  value: Picked | null;
  onChange: (v: Picked | null) => void;
  placeholder?: string;
}) {
  const [text, setText] = useState(value?.label ?? "");
  const [open, setOpen] = useState(false);
  const [rows, setRows] = useState<UserRow[]>([]);
  const [state, setState] = useState<"idle" | "loading" | "error">("idle");
  const [active, setActive] = useState(0);
  const seq = useRef(0);
  const listId = useId();

  useEffect(() => setText(value?.label ?? ""), [value?.id, value?.label]);

  useEffect(() => {
    if (!open) return;
    const t = setTimeout(async () => {
      const mine = ++seq.current;
      setState("loading");
      const search = text.trim() && text !== value?.label ? text.trim() : "";
      // Staff are dispatchers (custom=1) plus the three management roles (is_managers): two small pages.
      const filters: Record<string, string>[] = kind === "driver"
        ? [{ is_driver: "true" }]
        : [{ custom: "1" }, { is_managers: "true" }];
      try {
        const pages = await Promise.all(filters.map((f) => {
          const p = new URLSearchParams({ page_size: "10", ...f });
          if (search) p.set("search", search);
          return api<{ results: UserRow[] }>(`/api/users/?${p}`, { quiet: true });
        }));
        if (mine !== seq.current) return;
        const found = pages.flatMap((r) => r.results)
          .sort((a, b) => nameOf(a).localeCompare(nameOf(b)) || a.id - b.id);
        setRows(found.slice(0, 10));
        setActive(0);
        setState("idle");
      } catch {
        if (mine === seq.current) setState("error");
      }
    }, 300);
    return () => clearTimeout(t);
  }, [text, open, kind]);

  const pick = (u: UserRow) => {
    onChange({ id: u.id, label: nameOf(u) });
    setText(nameOf(u));
    setOpen(false);
  };

  return (
    <div>
      <label htmlFor={id} className="field-label">{label}</label>
      <div className="relative">
        <input
          id={id}
          type="text"
          role="combobox"
          aria-expanded={open}
          aria-controls={listId}
          aria-autocomplete="list"
          autoComplete="off"
          className="field-input pr-8"
          placeholder={placeholder ??
            (kind === "driver" ? "Search DAs by name or transporter ID" : "Search by name or e-mail")}
          value={text}
          onFocus={() => setOpen(true)}
          onBlur={() => setOpen(false)}
          onChange={(e) => {
            setText(e.target.value);
            setOpen(true);
            if (value) onChange(null);
          }}
          onKeyDown={(e) => {
            if (e.key === "ArrowDown") {
              e.preventDefault();
              setOpen(true);
              setActive((a) => Math.min(a + 1, rows.length - 1));
            } else if (e.key === "ArrowUp") {
              e.preventDefault();
              setActive((a) => Math.max(a - 1, 0));
            } else if (e.key === "Enter" && open && rows[active]) {
              e.preventDefault();
              pick(rows[active]);
            } else if (e.key === "Escape" && open) {
              e.preventDefault();
              e.stopPropagation();
              setOpen(false);
            }
          }}
          data-testid={`${id}-input`}
        />
        {value || text
          ? (
            <button
              type="button"
              className="absolute inset-y-0 right-0 px-2 text-slate-500 hover:text-slate-700"
              aria-label={`Clear ${label}`}
              onClick={() => {
                setText("");
                onChange(null);
              }}
            >
              ×
            </button>
          )
          : null}
      </div>
      {open
        ? (
          <ul
            id={listId}
            role="listbox"
            aria-label={label}
            className="mt-1 max-h-56 overflow-y-auto rounded-md border border-slate-200 bg-white py-1 text-sm shadow-sm"
            data-testid={`${id}-options`}
          >
            {state === "error"
              ? <li className="px-3 py-2 text-red-700">The list could not be loaded.</li>
              : rows.length === 0
              ? (
                <li className="px-3 py-2 text-slate-500">
                  {state === "loading" ? "Searching…" : "No one matches."}
                </li>
              )
              : rows.map((u, i) => (
                <li
                  key={u.id}
                  role="option"
                  aria-selected={i === active}
                  className={`cursor-pointer px-3 py-1.5 ${
                    i === active ? "bg-brand-50 text-brand-900" : "text-slate-700"
                  }`}
                  onMouseEnter={() => setActive(i)}
                  onMouseDown={(e) => e.preventDefault()}
                  onClick={() => pick(u)}
                >
                  <span className="font-medium">{nameOf(u)}</span>
                  <span className="ml-2 text-xs text-slate-500">
                    {kind === "driver" ? u.transporter_id ?? u.badge ?? "" : u.email}
                  </span>
                </li>
              ))}
          </ul>
        )
        : null}
    </div>
  );
}
