// OpenAPI registry entries: the spec's calls added in issue 10 so that clients written to 02 and 01
// section 7 work as written (thin routes over the existing lib). lib/web/openapi.ts assembles the document.
import { assignmentCreateInput, vanAssignmentInput } from "../../shifts/van-assignment.ts";
import { scannerLookupQuery } from "../../reference/scanner-lookup.ts";
import type { Operation } from "./types.ts";

const IMPORT = {
  description: "One file, all or nothing. 201 when stored (`status` 'imported' or 'replaced'); 200 with " +
    "`status` 'unchanged' when the same file is already in (nothing written).",
  file: "csv_file",
  status: 201,
  response: "`{status, replaced_id, import, took_ms}`: the import with what it stored",
  errors: {
    400: "Not imported: `{detail, file, problems: [{file, page, row, column, message, fatal}]}`",
    403: "The role may not import, or the file is for a station that is not the viewer's",
    413: "The file is over the upload limit",
  },
} as const;

const ASSIGNMENT = "An assignment is a tracker row's DA and van; its id is the row's id. The call carries " +
  "no version and acts on the row as it is now; every tracker rule and lock applies.";

export const specCallsOperations: readonly Operation[] = [
  {
    method: "POST",
    path: "/api/upload-deliveries-csv/",
    tag: "imports",
    auth: "import.upload",
    summary: "Import a weekly deliveries CSV (DSB/DNR, or its Delivery Concessions variant)",
    ...IMPORT,
  },
  {
    method: "POST",
    path: "/api/upload-weekly-quality/",
    tag: "imports",
    auth: "import.upload",
    summary: "Import a weekly DCR, POD or PSB quality CSV (the spec's name for upload-quality)",
    ...IMPORT,
  },
  {
    method: "POST",
    path: "/api/driver-van-assignment/",
    tag: "shifts",
    auth: "shifts.edit",
    summary: "Put a DA on a tracker row",
    description: ASSIGNMENT,
    body: assignmentCreateInput,
    status: 201,
    response: "`{id, record, driver, van}`: the assignment (id = the row's id)",
    errors: { 403: "The row is locked or the report closed", 404: "No such row at the viewer's stations" },
  },
  {
    method: "PUT",
    path: "/api/driver-van-assignment/{id}/van_assignment/",
    tag: "shifts",
    auth: "shifts.edit",
    summary: "Put a free van of a fleet size on tracker row {id}",
    description: ASSIGNMENT + " `date` and `station`, when sent, must be the row's.",
    body: vanAssignmentInput,
    response: "`{van, record}`: the van given (null when none) and the row",
    errors: {
      403: "The row is locked or the report closed",
      404: "No free van of that size ('No Free Vans')",
    },
  },
  {
    method: "DELETE",
    path: "/api/driver-van-assignment/{id}/",
    tag: "shifts",
    auth: "shifts.edit",
    summary: "Take the DA and the van off tracker row {id}",
    description: ASSIGNMENT,
    status: 204,
    response: "Done",
    errors: { 403: "The row is locked or the report closed" },
  },
  {
    method: "GET",
    path: "/api/rabbit-number/",
    tag: "reference",
    auth: "reference.read",
    summary: "Rabbit scanners at the viewer's stations (the tracker's picker)",
    query: scannerLookupQuery,
    response: "`{count, results: [{id, kind, serial_number, station, status}]}`",
  },
  {
    method: "GET",
    path: "/api/dolly-number/",
    tag: "reference",
    auth: "reference.read",
    summary: "Dolly scanners at the viewer's stations (the tracker's picker)",
    query: scannerLookupQuery,
    response: "`{count, results: [{id, kind, serial_number, station, status}]}`",
  },
  {
    method: "GET",
    path: "/api/fleet-size/",
    tag: "reference",
    auth: "reference.read",
    summary: "Fleet sizes (the spec's name for /api/fleet-sizes/)",
    response: "`{results: [{id, title}]}`",
  },
  {
    method: "GET",
    path: "/api/countries/",
    tag: "reference",
    auth: "reference.read",
    summary: "Countries, with calling codes and the organisation's default phone country",
    response: "`{results: [{code, name, calling_code, is_default}]}`",
  },
];
