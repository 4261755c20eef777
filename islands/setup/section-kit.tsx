// The shapes of a Setup section (columns shown, fields edited) and the small helpers the sections share.
import type { ReactNode } from "react";

/** Picker options the page passes in (the viewer's stations, organisation-wide lists, staff for supervisors). */
export interface SetupOptions {
  stations: { id: number; title: string; tag: string }[];
  vanGroups: { id: number; name: string }[];
  fleetSizes: { id: number; title: string }[];
  staff: { id: number; name: string; role_name: string }[];
}

export interface FieldDef {
  name: string;
  label: string;
  kind: "text" | "textarea" | "select" | "number" | "money";
  /** select: the choices; `numeric` ones are sent as numbers and "" as null. */
  options?: (o: SetupOptions) => { value: string; label: string }[];
  numeric?: boolean;
  /** select: the label of the empty choice ("None" when empty is allowed, else a prompt). */
  empty?: string;
  placeholder?: string;
  hint?: string;
  /** Only when adding (a fleet size's id never changes). */
  createOnly?: boolean;
  /** Spans the whole form width. */
  wide?: boolean;
}
export interface ColumnDef {
  label: string;
  sort?: string;
  render: (r: any) => ReactNode;
  className?: string;
}
export interface SectionDef {
  singular: string;
  search: string;
  ordering: string;
  filters: ("station" | "kind")[];
  columns: ColumnDef[];
  fields: FieldDef[];
  toForm: (row: any | null, o: SetupOptions) => Record<string, string>;
  /** "station DON9": for the delete question. */
  describe: (row: any) => string;
  /** Why this row cannot be deleted at all, if so (the button is disabled with this reason). */
  undeletable?: (row: any) => string | null;
}

export const s = (v: unknown) => (v === null || v === undefined ? "" : String(v));
export const Tag = ({ children }: { children: ReactNode }) => (
  <span className="rounded bg-brand-50 px-1.5 py-0.5 font-mono text-xs font-semibold text-brand-700">
    {children}
  </span>
);
export const muted = (v: string | null | undefined) => (v ? v : <span className="text-slate-400">—</span>);
export const stationOptions = (o: SetupOptions) =>
  o.stations.map((x) => ({ value: String(x.id), label: `${x.tag} — ${x.title}` }));
/** Station 1 when the viewer has it, else their first (decisions.md, "Stations"). */
export const defaultStation = (o: SetupOptions) =>
  s(o.stations.find((x) => x.id === 1)?.id ?? o.stations[0]?.id);
