import { type ReactNode, useEffect, useState } from "react";

interface FieldBase {
  /** The query parameter it sets (the list's URL keeps it). */
  key: string;
  label: string;
  /** The control's id (panel layout); `f-<key>` unless given. */
  id?: string;
  testId?: string;
}
export type FilterField =
  | FieldBase & {
    kind: "select";
    options: { value: string; label: string }[]; /** The empty choice. */
    all: string;
  }
  | FieldBase & {
    kind: "search";
    placeholder?: string; /** Two grid cells on narrow screens. */
    wide?: boolean;
  };

export interface FilterBarProps {
  fields: FilterField[];
  /** The list's query (islands/client/useList.ts): the bar shows it and writes changes back to it. */
  query: Record<string, string>;
  onChange: (patch: Record<string, string>) => void;
  /**
   * panel: labelled fields in their own card, Clear filters and the export links under them. toolbar: one row
   * at the top of the table's card (labels for screen readers only), the `actions` at its right end.
   */
  layout?: "panel" | "toolbar";
  /** Text applies this long after the last key stroke. */
  debounceMs?: number;
  testId?: string;
  /** panel: the grid's columns from 1024 px (a Tailwind class). */
  gridClass?: string;
  /** panel: XLSX and CSV links to this export endpoint, carrying the filters and the ordering. */
  exportFrom?: string;
  actions?: ReactNode;
}

/** The filters of a register: selects apply at once, text after a pause; Clear filters empties them all. */
export default function FilterBar(p: FilterBarProps) {
  const active = p.fields.some((f) => p.query[f.key]);
  const clear = (
    <button
      type="button"
      className={p.layout === "toolbar" ? "btn-ghost" : "btn-ghost mr-auto"}
      disabled={!active}
      title={active ? undefined : "No filter is set"}
      data-testid="filters-clear"
      onClick={() => p.onChange(Object.fromEntries(p.fields.map((f) => [f.key, ""])))}
    >
      Clear filters
    </button>
  );
  if (p.layout === "toolbar") {
    return (
      <div className="flex flex-wrap items-end gap-3 border-b border-slate-200 p-3" data-testid={p.testId}>
        {p.fields.map((f) => <Control key={f.key} f={f} p={p} />)}
        {active ? clear : null}
        <div className="ml-auto flex flex-wrap gap-2">{p.actions}</div>
      </div>
    );
  }
  return (
    <section className="card p-4" aria-label="Filters" data-testid={p.testId}>
      <div className={`grid grid-cols-2 gap-3 ${p.gridClass ?? "lg:grid-cols-4"}`}>
        {p.fields.map((f) => (
          <div key={f.key} className={f.kind === "search" && f.wide ? "col-span-2 lg:col-span-1" : ""}>
            <label htmlFor={f.id ?? `f-${f.key}`} className="field-label">{f.label}</label>
            <Control f={f} p={p} />
          </div>
        ))}
      </div>
      <div className="mt-3 flex flex-wrap items-center justify-end gap-2">
        {clear}
        {p.actions}
        {p.exportFrom ? <ExportLinks p={p} endpoint={p.exportFrom} /> : null}
      </div>
    </section>
  );
}

function Control({ f, p }: { f: FilterField; p: FilterBarProps }) {
  const toolbar = p.layout === "toolbar";
  const id = toolbar ? undefined : f.id ?? `f-${f.key}`;
  const value = p.query[f.key] ?? "";
  if (f.kind === "search") {
    const input = (
      <SearchInput
        id={id}
        value={value}
        placeholder={f.placeholder}
        testId={f.testId}
        debounceMs={p.debounceMs ?? 300}
        onChange={(v) => p.onChange({ [f.key]: v })}
      />
    );
    if (!toolbar) return input;
    return (
      <label className="min-w-48 flex-1">
        <span className="sr-only">{f.label}</span>
        {input}
      </label>
    );
  }
  return (
    <select
      id={id}
      className={toolbar ? "field-input w-auto" : "field-input"}
      aria-label={toolbar ? f.label : undefined}
      value={value}
      onChange={(e) => p.onChange({ [f.key]: e.target.value })}
      data-testid={f.testId}
    >
      <option value="">{f.all}</option>
      {f.options.map((o) => <option key={o.value} value={o.value}>{o.label}</option>)}
    </select>
  );
}

/** A text filter that applies `debounceMs` after the last key stroke. */
function SearchInput({ id, value, placeholder, testId, debounceMs, onChange }: {
  id?: string;
  value: string;
  placeholder?: string;
  testId?: string;
  debounceMs: number;
  onChange: (v: string) => void;
}) {
  const [text, setText] = useState(value);
  useEffect(() => setText(value), [value]);
  useEffect(() => {
    if (text.trim() === value) return;
    const t = setTimeout(() => onChange(text.trim()), debounceMs);
    return () => clearTimeout(t);
  }, [text]);
  return (
    <input
      id={id}
      type="search"
      className="field-input"
      value={text}
      placeholder={placeholder}
      onChange={(e) => setText(e.target.value)}
      data-testid={testId}
    />
  );
}

/** The register as a file, with the filters and ordering on screen. */
function ExportLinks({ p, endpoint }: { p: FilterBarProps; endpoint: string }) {
  const href = (format: "xlsx" | "csv") => {
    const params = new URLSearchParams({ format });
    for (const k of [...p.fields.map((f) => f.key), "ordering"]) if (p.query[k]) params.set(k, p.query[k]);
    return `${endpoint}?${params}`;
  };
  return (
    <>
      <a className="btn-secondary" href={href("xlsx")} download data-testid="export-xlsx">Export XLSX</a>
      <a className="btn-secondary" href={href("csv")} download data-testid="export-csv">Export CSV</a>
    </>
  );
}
