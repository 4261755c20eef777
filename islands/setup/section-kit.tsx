// The shape of a Setup section (columns shown, fields edited, as data) and the small helpers the sections
// share.
import type { ReactNode } from "react";
import type { Column } from "../ui/DataTable.tsx";
import type { FieldSpec } from "../ui/FormField.tsx";
import { Dash } from "../ui/Tag.tsx";

export { Tag } from "../ui/Tag.tsx";

/** Picker options the page passes in (the viewer's stations, organisation-wide lists, staff for supervisors). */
export interface SetupOptions {
  stations: { id: number; title: string; tag: string }[];
  vanGroups: { id: number; name: string }[];
  fleetSizes: { id: number; title: string }[];
  staff: { id: number; name: string; role_name: string }[];
}

/** A field of a section's form; a select's choices come from the page's options. */
export interface FieldDef extends Omit<FieldSpec, "options"> {
  options?: (o: SetupOptions) => { value: string; label: string }[];
  /** select: sent as a number, "" as null. */
  numeric?: boolean;
  /** Only when adding (a fleet size's id never changes). */
  createOnly?: boolean;
}

export interface SectionDef<R extends { id: number }> {
  singular: string;
  search: string;
  ordering: string;
  filters: ("station" | "kind")[];
  columns: Column<R>[];
  fields: FieldDef[];
  toForm: (row: R | null, o: SetupOptions) => Record<string, string>;
  /** "station DON9": for the delete question. */
  describe: (row: R) => string;
  /** Why this row cannot be deleted at all, if so (the button is disabled with this reason). */
  undeletable?: (row: R) => string | null;
}

export const s = (v: unknown) => (v === null || v === undefined ? "" : String(v));
export const muted = (v: string | null | undefined): ReactNode => (v ? v : <Dash />);
export const stationOptions = (o: SetupOptions) =>
  o.stations.map((x) => ({ value: String(x.id), label: `${x.tag} — ${x.title}` }));
/** Station 1 when the viewer has it, else their first (decisions.md, "Stations"). */
export const defaultStation = (o: SetupOptions) =>
  s(o.stations.find((x) => x.id === 1)?.id ?? o.stations[0]?.id);
