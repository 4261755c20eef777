// What each Setup section shows (columns) and edits (fields). The rules themselves live in the entities'
// inputs.ts (lib/reference/inputs.ts lists them), which the form runs before it calls the API.
import type { EntityKey } from "../../lib/reference/inputs.ts";
import type { NamedDto, StationDto } from "../../lib/stations/dto.ts";
import type { FleetSizeDto, VanGroupDto, VanSetupDto } from "../../lib/vans/dto.ts";
import type { ScannerDto } from "../../lib/reference/scanners.ts";
import { muted, s, type SectionDef, Tag } from "./section-kit.tsx";
import { SCANNER_SECTION, VAN_SECTION } from "./fleet-sections.tsx";

export type { FieldDef, SectionDef, SetupOptions } from "./section-kit.tsx";

/** The row each section's API lists and edits. */
export interface SetupRows {
  stations: StationDto;
  agencies: NamedDto;
  "fleet-groups": NamedDto;
  "van-groups": VanGroupDto;
  "fleet-sizes": FleetSizeDto;
  vans: VanSetupDto;
  scanners: ScannerDto;
}

const named = (singular: string): SectionDef<NamedDto> => ({
  singular,
  search: "Search name or description",
  ordering: "name",
  filters: [],
  columns: [
    {
      header: "Name",
      sort: "name",
      cell: (r) => <span className="font-medium text-slate-900">{r.name}</span>,
    },
    { header: "Description", cell: (r) => muted(r.description) },
  ],
  fields: [
    { name: "name", label: "Name", kind: "text", wide: true },
    { name: "description", label: "Description", kind: "textarea", wide: true },
  ],
  toForm: (r) => ({ name: s(r?.name), description: s(r?.description) }),
  describe: (r) => `${singular} ${r.name}`,
});

const VAN_GROUP: SectionDef<VanGroupDto> = {
  ...named("van group"),
  columns: [...named("van group").columns, { header: "Supervisor", cell: (r) => muted(r.supervisor_name) }],
  fields: [
    { name: "name", label: "Name", kind: "text" },
    {
      name: "supervisor",
      label: "Supervisor",
      kind: "select",
      numeric: true,
      empty: "No supervisor",
      options: (o) => o.staff.map((x) => ({ value: String(x.id), label: `${x.name} (${x.role_name})` })),
    },
    { name: "description", label: "Description", kind: "textarea", wide: true },
  ],
  toForm: (r) => ({ name: s(r?.name), description: s(r?.description), supervisor: s(r?.supervisor) }),
};

const FLEET_SIZE: SectionDef<FleetSizeDto> = {
  singular: "fleet size",
  search: "Search title",
  ordering: "id",
  filters: [],
  columns: [
    { header: "ID", sort: "id", className: "w-20", cell: (r) => <span className="font-mono">{r.id}</span> },
    {
      header: "Title",
      sort: "title",
      cell: (r) => (
        <span>
          {r.title}
          {r.built_in
            ? <span className="ml-2 rounded bg-slate-100 px-1.5 py-0.5 text-xs text-slate-600">Built in</span>
            : null}
        </span>
      ),
    },
  ],
  fields: [
    {
      name: "id",
      label: "ID",
      kind: "number",
      createOnly: true,
      hint: "The id means a van type in route tables: 1 and 5 cargo, 2 large, 3 cube, 6 medium, 4 EDV.",
      wide: true,
    },
    { name: "title", label: "Title", kind: "text", wide: true },
  ],
  toForm: (r) => ({ id: s(r?.id), title: s(r?.title) }),
  describe: (r) => `fleet size ${r.id} (${r.title})`,
  undeletable: (r) => (r.built_in ? "Built in: the id means a van type. Rename it instead." : null),
};

export const SECTIONS: { [K in EntityKey]: SectionDef<SetupRows[K]> } = {
  stations: {
    singular: "station",
    search: "Search tag or title",
    ordering: "tag",
    filters: [],
    columns: [
      { header: "Tag", sort: "tag", className: "w-32", cell: (r) => <Tag>{r.tag}</Tag> },
      { header: "Title", sort: "title", cell: (r) => r.title },
    ],
    fields: [
      { name: "title", label: "Title", kind: "text", placeholder: "Seattle - Boeing Field" },
      { name: "tag", label: "Tag", kind: "text", placeholder: "DON9", hint: "3-5 letters or digits, unique" },
    ],
    toForm: (r) => ({ title: s(r?.title), tag: s(r?.tag) }),
    describe: (r) => `station ${r.tag}`,
  },
  agencies: named("agency"),
  "fleet-groups": named("fleet group"),
  "van-groups": VAN_GROUP,
  "fleet-sizes": FLEET_SIZE,
  vans: VAN_SECTION,
  scanners: SCANNER_SECTION,
};
