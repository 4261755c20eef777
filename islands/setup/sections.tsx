// What each Setup section shows (columns) and edits (fields). The rules themselves live in
// lib/reference/inputs.ts, which the form runs before it calls the API.
import type { EntityKey } from "../../lib/reference/inputs.ts";
import { muted, s, type SectionDef, Tag } from "./section-kit.tsx";
import { SCANNER_SECTION, VAN_SECTION } from "./fleet-sections.tsx";

export type { ColumnDef, FieldDef, SectionDef, SetupOptions } from "./section-kit.tsx";

const named = (singular: string): SectionDef => ({
  singular,
  search: "Search name or description",
  ordering: "name",
  filters: [],
  columns: [
    {
      label: "Name",
      sort: "name",
      render: (r) => <span className="font-medium text-slate-900">{r.name}</span>,
    },
    { label: "Description", render: (r) => muted(r.description) },
  ],
  fields: [
    { name: "name", label: "Name", kind: "text", wide: true },
    { name: "description", label: "Description", kind: "textarea", wide: true },
  ],
  toForm: (r) => ({ name: s(r?.name), description: s(r?.description) }),
  describe: (r) => `${singular} ${r.name}`,
});

export const SECTIONS: Record<EntityKey, SectionDef> = {
  stations: {
    singular: "station",
    search: "Search tag or title",
    ordering: "tag",
    filters: [],
    columns: [
      { label: "Tag", sort: "tag", render: (r) => <Tag>{r.tag}</Tag>, className: "w-32" },
      { label: "Title", sort: "title", render: (r) => r.title },
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
  "van-groups": {
    ...named("van group"),
    columns: [...named("van group").columns, {
      label: "Supervisor",
      render: (r) => muted(r.supervisor_name),
    }],
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
  },
  "fleet-sizes": {
    singular: "fleet size",
    search: "Search title",
    ordering: "id",
    filters: [],
    columns: [
      {
        label: "ID",
        sort: "id",
        render: (r) => <span className="font-mono">{r.id}</span>,
        className: "w-20",
      },
      {
        label: "Title",
        sort: "title",
        render: (r) => (
          <span>
            {r.title}
            {r.built_in
              ? (
                <span className="ml-2 rounded bg-slate-100 px-1.5 py-0.5 text-xs text-slate-600">
                  Built in
                </span>
              )
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
  },
  vans: VAN_SECTION,
  scanners: SCANNER_SECTION,
};
