// The REST API's OpenAPI 3.1 document, served at /api/openapi.json. `operations` is the registry: one entry
// per exported handler under routes/api/, with the very zod schemas the handler parses (converted with zod 4's
// z.toJSONSchema, input side), so the document cannot drift from validation. lib/web/openapi.test.ts walks
// routes/api/ and fails when a file or an exported method has no entry here, or an entry no handler.
//
// Paths are spelled as the spec's client calls them, trailing slash included (`/api/auth/token/`); the server
// answers with or without it. Two paths of our own, not the spec's, keep no slash: `/api/health` (what probes
// and the README call) and `/api/openapi.json` (a file name).
import { z } from "zod";
import { type Action, ACTIONS } from "../auth/permissions.ts";
import { ROLE_NAMES } from "../auth/roles.ts";
import { loginInput, newPasswordInput, refreshInput, resetRequestInput } from "../auth/inputs.ts";
import { navSettingsInput, profileInput, usersListQuery } from "../users/inputs.ts";
import {
  daExportQuery,
  daListQuery,
  daPatchInput,
  spotCreateInput,
  spotEditInput,
  statusChangeInput,
} from "../das/inputs.ts";
import { bulkStatusInput, vanExportQuery, vanListQuery, vanPatchInput } from "../vans/inputs.ts";
import { staffCreateInput, staffUpdateInput } from "../staff/inputs.ts";
import { staffListQuery } from "../staff/queries.ts";
import { ENTITY_INPUTS, ENTITY_KEYS } from "../reference/inputs.ts";
import { referenceListQuery } from "../reference/helpers.ts";
import { templateQuery, uploadFields } from "../roster/inputs.ts";
import {
  budgetInput,
  budgetPatchInput,
  createReportInput,
  recordPatchInput,
  reportPatchInput,
  serialAssignmentInput,
} from "../shifts/inputs.ts";
import { boardListQuery, duplicateQuery } from "../shifts/board/inputs.ts";
import { shiftUploadFields } from "../shifts/inputs.ts";
import { budgetListQuery } from "../budgets/inputs.ts";
import { NOTIFY_KINDS } from "../shifts/notify.ts";
import { ACCESS_COOKIE, REFRESH_COOKIE } from "./cookies.ts";

export type HttpMethod = "GET" | "POST" | "PUT" | "PATCH" | "DELETE";
export const HTTP_METHODS: readonly HttpMethod[] = ["GET", "POST", "PUT", "PATCH", "DELETE"];

export interface Operation {
  method: HttpMethod;
  /** As the spec's client spells it, trailing slash included; `{id}` for a `[id]` route segment. */
  path: string;
  summary: string;
  description?: string;
  tag: string;
  /** 'public' (no session needed) or the permission-table action the handler checks. */
  auth: "public" | Action;
  /** The zod schema the handler parses the body with (JSON, or the text fields of a multipart upload). */
  body?: z.ZodType;
  /** Multipart upload: the name of the file field; `body` then describes the other fields. */
  file?: string;
  /** The zod object schema the handler parses the query string with. */
  query?: z.ZodObject<z.ZodRawShape>;
  /** Path parameters other than a positive integer id. */
  params?: Record<string, z.ZodType>;
  /** What a success returns. */
  response: string;
  /** Success status; 200 unless said. */
  status?: number;
  /** The success is a file (CSV or XLSX) rather than JSON. */
  download?: boolean;
  /** Error statuses beyond the automatic ones (400 with a body or query, 401/403 unless public, 404 with a path id). */
  errors?: Record<number, string>;
}

// The outbox list parses this inline in routes/api/outbox.ts; it is repeated here (same fields, same limits).
const outboxQuery = z.object({
  page: z.coerce.number().int().min(1).default(1),
  page_size: z.coerce.number().int().min(1).max(100).default(25),
});

// Parsed inline in routes/api/da-daily-report-record.ts and routes/api/send-message-for-drivers.ts; repeated here.
const addRecordInput = z.object({ report: z.number().int().min(1) });
const notifyInput = z.object({
  da_tracker_id: z.number().int().min(1),
  message_type: z.enum(NOTIFY_KINDS as ["shift_attendance", "shift_status"]).optional(),
});
// routes/api/da-daily-report/[id]/changes.ts reads ?since= with parseCursor (an ISO time; absent = everything).
const changesQuery = z.object({
  since: z.string().optional().describe(
    "The previous answer's cursor (an ISO date-time); absent for everything",
  ),
});

const entityParam = z.enum(ENTITY_KEYS).describe("The Setup section");
const entityBodies = (kind: "create" | "update") =>
  z.union(
    ENTITY_KEYS.map((k) => ENTITY_INPUTS[k][kind].meta({ title: `${k} (${kind})` })) as unknown as [
      z.ZodType,
      ...z.ZodType[],
    ],
  );

const PAGED = "`{count, results}`: one page of rows";

export const operations: readonly Operation[] = [
  // ------------------------------------------------------------------ auth
  {
    method: "POST",
    path: "/api/auth/login/",
    tag: "auth",
    auth: "public",
    summary: "Sign in (browser)",
    description:
      "Sets the HttpOnly access and refresh cookies; the tokens never reach the page. Send an Origin header.",
    body: loginInput,
    response: "`{redirect}`: the signed-in user's home page",
    errors: { 429: "Too many failed attempts for this address or client" },
  },
  {
    method: "POST",
    path: "/api/auth/logout/",
    tag: "auth",
    auth: "account.read",
    summary: "Sign out",
    description: "Revokes the session and clears the cookies.",
    response: "`{ok: true}`",
  },
  {
    method: "POST",
    path: "/api/auth/token/",
    tag: "auth",
    auth: "public",
    summary: "Obtain a token pair (API clients, the CLI)",
    body: loginInput,
    response: "`{access, refresh}`: send `Authorization: Bearer <access>`",
    errors: { 429: "Too many failed attempts for this address or client" },
  },
  {
    method: "POST",
    path: "/api/auth/token/refresh/",
    tag: "auth",
    auth: "public",
    summary: "Rotate a refresh token",
    description: "Each refresh token works once; reusing one ends its session.",
    body: refreshInput,
    response: "`{access, refresh}`: a new pair",
  },
  {
    method: "POST",
    path: "/api/auth/session/refresh/",
    tag: "auth",
    auth: "public",
    summary: "Refresh the browser session from the refresh cookie",
    response: "`{ok: true}` when the session is (again) valid; 401 otherwise",
  },
  {
    method: "POST",
    path: "/api/auth/password_reset/",
    tag: "auth",
    auth: "public",
    summary: "Request a password-reset e-mail",
    body: resetRequestInput,
    response: "`{detail}`: the e-mail has been sent",
    errors: { 429: "Too many requests for this address or client" },
  },
  {
    method: "POST",
    path: "/api/auth/password_reset/confirm/",
    tag: "auth",
    auth: "public",
    summary: "Set a new password with a reset token",
    body: newPasswordInput,
    response: "`{detail}`: the password was reset",
  },

  // ------------------------------------------------------------------ users and account
  {
    method: "GET",
    path: "/api/current-user/",
    tag: "users",
    auth: "account.read",
    summary: "The signed-in user",
    response: "The user's profile, role, station spots and menu settings",
  },
  {
    method: "GET",
    path: "/api/users/",
    tag: "users",
    auth: "users.list",
    summary: "List users at the viewer's stations",
    query: usersListQuery,
    response: PAGED,
  },
  {
    method: "PATCH",
    path: "/api/users/{id}/",
    tag: "users",
    auth: "account.update",
    summary: "Update one's own profile",
    body: profileInput,
    response: "The updated user, as /api/current-user/ returns it",
  },
  {
    method: "POST",
    path: "/api/users/{id}/give_access_to_create_old_shifts/",
    tag: "users",
    auth: "users.grantOldShifts",
    summary: "Allow a user to create shifts in past weeks",
    response: "`{ok}`",
  },
  {
    method: "GET",
    path: "/api/settings/navigation/",
    tag: "settings",
    auth: "account.read",
    summary: "The menu entries the user may hide, and those hidden",
    response: "`{available, hidden}`: menu keys (`group:x`, `item:y`)",
  },
  {
    method: "PUT",
    path: "/api/settings/navigation/",
    tag: "settings",
    auth: "settings.update",
    summary: "Save the hidden menu entries",
    body: navSettingsInput,
    response: "`{hidden}`: the keys now hidden",
  },

  // ------------------------------------------------------------------ staff accounts
  {
    method: "GET",
    path: "/api/staff/",
    tag: "staff",
    auth: "staff.manage",
    summary: "Staff accounts sharing one of the viewer's stations",
    query: staffListQuery,
    response: `${PAGED}, each with \`can_edit\``,
  },
  {
    method: "POST",
    path: "/api/staff/",
    tag: "staff",
    auth: "staff.manage",
    summary: "Create a staff account",
    description: "The account has no password; a set-password link goes out through the outbox.",
    body: staffCreateInput,
    status: 201,
    response: "The new account",
  },
  {
    method: "GET",
    path: "/api/staff/{id}/",
    tag: "staff",
    auth: "staff.manage",
    summary: "One staff account",
    response: "The account with its station spots",
  },
  {
    method: "PATCH",
    path: "/api/staff/{id}/",
    tag: "staff",
    auth: "staff.manage",
    summary: "Update a staff account",
    description: "`station_spots` replaces the spots at the editor's own stations.",
    body: staffUpdateInput,
    response: "The updated account",
  },
  {
    method: "POST",
    path: "/api/staff/{id}/deactivate/",
    tag: "staff",
    auth: "staff.manage",
    summary: "Deactivate a staff account",
    description: "Sets is_active false and ends every open session of the account.",
    response: "The updated account",
  },
  {
    method: "POST",
    path: "/api/staff/{id}/reactivate/",
    tag: "staff",
    auth: "staff.manage",
    summary: "Reactivate a staff account",
    response: "The updated account",
  },
  {
    method: "POST",
    path: "/api/staff/{id}/send-password-link/",
    tag: "staff",
    auth: "staff.manage",
    summary: "Send a fresh set-password link (valid 7 days)",
    response: "`{detail}`",
  },

  // ------------------------------------------------------------------ DA register
  {
    method: "GET",
    path: "/api/driver-model/",
    tag: "das",
    auth: "das.read",
    summary: "The DA register (getDriverUsersList)",
    description: "Scoped to the viewer's stations. `in_station` and `status` take comma-separated ids.",
    query: daListQuery,
    response: PAGED,
  },
  {
    method: "GET",
    path: "/api/driver-model/export/",
    tag: "das",
    auth: "registers.export",
    summary: "Export the DA register (CSV or XLSX)",
    description: "The list's filters and ordering, every page.",
    query: daExportQuery,
    download: true,
    response: "The file, as an attachment",
  },
  {
    method: "GET",
    path: "/api/driver-model/{id}/",
    tag: "das",
    auth: "das.read",
    summary: "One DA",
    response: "The DA as a register row",
  },
  {
    method: "PATCH",
    path: "/api/driver-model/{id}/",
    tag: "das",
    auth: "das.read",
    summary: "Change a DA's transporter id and/or status (updateUser)",
    description: "Open to every staff role; who may change what (transporter id: management; dispatchers: " +
      "statuses 1 and 6 only) is checked by the change itself.",
    body: daPatchInput,
    response: "The DA as a register row",
  },
  {
    method: "GET",
    path: "/api/driver-model/{id}/history/",
    tag: "das",
    auth: "das.read",
    summary: "A DA's status changes, newest first",
    response: "`{results}`",
  },
  {
    method: "POST",
    path: "/api/updates-multiple-users/",
    tag: "das",
    auth: "das.changeStatus",
    summary: "Change the status of one or many DAs (updateUserStatus)",
    body: statusChangeInput,
    response: "`{date, editor, results}`: the changed rows",
  },
  {
    method: "POST",
    path: "/api/station-spots/",
    tag: "das",
    auth: "das.editSpots",
    summary: "Add a station spot to a DA (createStationSpot)",
    body: spotCreateInput,
    status: 201,
    response: "`{data}`: the new spot",
  },
  {
    method: "POST",
    path: "/api/station-spots/edit/",
    tag: "das",
    auth: "das.editSpots",
    summary: "Save and delete a DA's station spots (editStationSpot)",
    body: spotEditInput,
    response: "The DA's spots",
  },

  // ------------------------------------------------------------------ fleet register
  {
    method: "GET",
    path: "/api/van/",
    tag: "vans",
    auth: "vans.read",
    summary: "The fleet register (getAllVans)",
    query: vanListQuery,
    response: PAGED,
  },
  {
    method: "GET",
    path: "/api/van/export/",
    tag: "vans",
    auth: "registers.export",
    summary: "Export the fleet register (CSV or XLSX)",
    query: vanExportQuery,
    download: true,
    response: "The file, as an attachment",
  },
  {
    method: "POST",
    path: "/api/van/bulk-status/",
    tag: "vans",
    auth: "vans.changeStatus",
    summary: "Change the status of many vans (updateFleetStatus)",
    body: bulkStatusInput,
    response: "`{date, editor, changed}`",
  },
  {
    method: "GET",
    path: "/api/van/{id}/",
    tag: "vans",
    auth: "vans.read",
    summary: "One van",
    response: "The van as a register row",
  },
  {
    method: "PATCH",
    path: "/api/van/{id}/",
    tag: "vans",
    auth: "vans.changeStatus",
    summary: "Change a van's status, reason, station or pick-up date (patchVan)",
    description: "Changing the station needs `vans.changeStation` as well.",
    body: vanPatchInput,
    response: "The updated van",
  },
  {
    method: "GET",
    path: "/api/van/{id}/history/",
    tag: "vans",
    auth: "vans.read",
    summary: "A van's status changes, newest first",
    response: "`{results}`",
  },

  // ------------------------------------------------------------------ daily operations: the board and budgets
  {
    method: "GET",
    path: "/api/da-daily-report/",
    tag: "shifts",
    auth: "shifts.read",
    summary: "The shift reports board",
    description: "The viewer's stations' reports, newest date first, with every filter of the board.",
    query: boardListQuery,
    response: PAGED,
  },
  {
    method: "POST",
    path: "/api/da-daily-report/",
    tag: "shifts",
    auth: "shifts.create",
    summary: "Create a shift report with `rows` blank rows",
    body: createReportInput,
    status: 201,
    response: "The new report as a board row",
  },
  {
    method: "POST",
    path: "/api/is-shift-duplicate/",
    tag: "shifts",
    auth: "shifts.create",
    summary: "Which of the viewer's stations already have a report on a date",
    body: duplicateQuery,
    response: "`{results: [{station__id, id}]}`",
  },
  {
    method: "GET",
    path: "/api/budget/",
    tag: "budgets",
    auth: "budgets.manage",
    summary: "Budgets of the viewer's stations, newest first",
    description: "`month` + `year` narrow it to one month.",
    query: budgetListQuery,
    response: PAGED,
  },
  {
    method: "POST",
    path: "/api/budget/",
    tag: "budgets",
    auth: "budgets.manage",
    summary: "Add a budget (one per station and month)",
    body: budgetInput,
    status: 201,
    response: "The new budget",
  },
  {
    method: "PATCH",
    path: "/api/budget/{id}/",
    tag: "budgets",
    auth: "budgets.manage",
    summary: "Change a budget's numbers",
    description: "Refused outside the budget's own month.",
    body: budgetPatchInput,
    response: "The budget",
  },
  {
    method: "DELETE",
    path: "/api/budget/{id}/",
    tag: "budgets",
    auth: "budgets.manage",
    summary: "Delete a budget",
    status: 204,
    response: "Deleted",
  },

  // ------------------------------------------------------------------ daily operations: the tracker
  {
    method: "GET",
    path: "/api/da-daily-report/{id}/",
    tag: "shifts",
    auth: "shifts.read",
    summary: "A daily report with its rows (the tracker)",
    response: "`{report, records}`: each row with `locked` and `can_delete` for the viewer",
  },
  {
    method: "PATCH",
    path: "/api/da-daily-report/{id}/",
    tag: "shifts",
    auth: "shifts.edit",
    summary: "Change the report's header people and the DA 2 switch",
    body: reportPatchInput,
    response: "The report",
  },
  {
    method: "DELETE",
    path: "/api/da-daily-report/{id}/",
    tag: "shifts",
    auth: "shift.delete",
    summary: "Delete a daily report",
    status: 204,
    response: "Deleted",
  },
  {
    method: "GET",
    path: "/api/da-daily-report/{id}/changes/",
    tag: "shifts",
    auth: "shifts.read",
    summary: "Rows changed since a cursor (polled by open trackers)",
    query: changesQuery,
    response: "The changed rows, every row id, the report and the next cursor",
  },
  {
    method: "GET",
    path: "/api/da-daily-report/{id}/pdf/",
    tag: "shifts",
    auth: "shifts.read",
    summary: "The tracker's printable PDF",
    response: "application/pdf 'DA Tracker {station} {DD MMM yyyy}.pdf'",
    download: true,
  },
  {
    method: "GET",
    path: "/api/da-daily-report/{id}/pdf-preview/",
    tag: "shifts",
    auth: "shifts.read",
    summary: "The rows the PDF prints",
    response: "`{rows: [{number, fleet_no, route, wave, da, da2}], show_da2, file_name}`",
  },
  {
    method: "POST",
    path: "/api/upload-xlsx-shift-data/",
    tag: "shifts",
    auth: "shifts.upload",
    summary: "Upload the day's routes file (.xlsx) onto a report",
    file: "xlsx_file",
    body: shiftUploadFields,
    response: "`{detail, upload_id, updated, created, unchanged, unmatched, warnings}`",
    errors: { 403: "The report is closed", 413: "The file is over the upload limit" },
  },
  {
    method: "GET",
    path: "/api/da-daily-report/{id}/options/",
    tag: "shifts",
    auth: "shifts.read",
    summary: "The tracker's pickers",
    response: "The station's active DAs, staff, free scanners and the fleet sizes",
  },
  {
    method: "POST",
    path: "/api/da-daily-report-record/",
    tag: "shifts",
    auth: "shifts.edit",
    summary: "Add a blank row at the end of a report",
    description: "Refused when the report is closed.",
    body: addRecordInput,
    status: 201,
    response: "The new row",
  },
  {
    method: "PATCH",
    path: "/api/da-daily-report-record/{id}/",
    tag: "shifts",
    auth: "shifts.edit",
    summary: "Change fields of one tracker row",
    description: "`version` is the row version the editor saw; a newer version on the server is a 409.",
    body: recordPatchInput,
    response: "The row",
    errors: { 409: "The row changed since the editor saw it" },
  },
  {
    method: "DELETE",
    path: "/api/da-daily-report-record/{id}/",
    tag: "shifts",
    auth: "shifts.edit",
    summary: "Delete a tracker row",
    status: 204,
    response: "Deleted",
  },
  {
    method: "POST",
    path: "/api/serial-number-assignment/",
    tag: "shifts",
    auth: "shifts.edit",
    summary: "Assign a row's rabbit and dolly scanners (0 clears a slot)",
    body: serialAssignmentInput,
    response: "The row",
    errors: { 409: "The row changed since the editor saw it" },
  },
  {
    method: "POST",
    path: "/api/send-message-for-drivers/",
    tag: "shifts",
    auth: "shifts.notify",
    summary: "Notify drivers of the report's unpublished statuses (SMS through the outbox)",
    body: notifyInput,
    response: "What was queued",
  },

  // ------------------------------------------------------------------ roster import
  {
    method: "POST",
    path: "/api/roster/preview/",
    tag: "roster",
    auth: "roster.import",
    summary: "Preview a roster import (DAs or vans); writes nothing",
    file: "file",
    body: uploadFields,
    response: "What importing would create, update, leave unchanged and reject, with a `digest`",
    errors: { 413: "The file is over the upload limit" },
  },
  {
    method: "POST",
    path: "/api/roster/commit/",
    tag: "roster",
    auth: "roster.import",
    summary: "Import a roster file in one transaction",
    description: "The plan is recomputed on the server; `digest` (from the preview) must still match.",
    file: "file",
    body: uploadFields,
    response: "`{created, updated, unchanged, skipped, detail, ...}`",
    errors: { 409: "The plan changed since the preview", 413: "The file is over the upload limit" },
  },
  {
    method: "GET",
    path: "/api/roster/template/",
    tag: "roster",
    auth: "roster.import",
    summary: "The import template (header row and one example row)",
    query: templateQuery,
    download: true,
    response: "The file, as an attachment",
  },

  // ------------------------------------------------------------------ reference data
  {
    method: "GET",
    path: "/api/stations/",
    tag: "reference",
    auth: "reference.read",
    summary: "The viewer's stations",
    response: "`{results}`",
  },
  {
    method: "GET",
    path: "/api/agencies/",
    tag: "reference",
    auth: "reference.read",
    summary: "Agencies (getAgencies)",
    response: "`{results}`",
  },
  {
    method: "GET",
    path: "/api/fleet-groups/",
    tag: "reference",
    auth: "reference.read",
    summary: "Fleet groups (getFleetGroups)",
    response: "`{results}`",
  },
  {
    method: "GET",
    path: "/api/van-groups/",
    tag: "reference",
    auth: "reference.read",
    summary: "Van groups",
    response: "`{results}`",
  },
  {
    method: "GET",
    path: "/api/fleet-sizes/",
    tag: "reference",
    auth: "reference.read",
    summary: "Fleet sizes",
    response: "`{results}`",
  },
  {
    method: "GET",
    path: "/api/setup/{entity}/",
    tag: "setup",
    auth: "reference.read",
    summary: "List one kind of reference data",
    params: { entity: entityParam },
    query: referenceListQuery,
    response: PAGED,
  },
  {
    method: "POST",
    path: "/api/setup/{entity}/",
    tag: "setup",
    auth: "reference.manage",
    summary: "Create reference data",
    description: "The body is the `{entity}`'s create schema.",
    params: { entity: entityParam },
    body: entityBodies("create"),
    status: 201,
    response: "The new row",
  },
  {
    method: "PATCH",
    path: "/api/setup/{entity}/{id}/",
    tag: "setup",
    auth: "reference.manage",
    summary: "Update reference data",
    description: "The body is the `{entity}`'s update schema: any of its fields.",
    params: { entity: entityParam },
    body: entityBodies("update"),
    response: "The updated row",
  },
  {
    method: "DELETE",
    path: "/api/setup/{entity}/{id}/",
    tag: "setup",
    auth: "reference.manage",
    summary: "Delete reference data",
    params: { entity: entityParam },
    response: "`{detail}`",
    errors: { 409: "Other data still references the row (named in `detail`)" },
  },

  // ------------------------------------------------------------------ outbox and system
  {
    method: "GET",
    path: "/api/outbox/",
    tag: "outbox",
    auth: "outbox.read",
    summary: "Messages queued and sent (e-mail, SMS)",
    query: outboxQuery,
    response: PAGED,
  },
  {
    method: "GET",
    path: "/api/health",
    tag: "system",
    auth: "public",
    summary: "Liveness and database reachability",
    response: "`{status: 'ok', database: {kind, reachable}}`; 503 when the database is unreachable",
    errors: { 503: "The database is unreachable" },
  },
  {
    method: "GET",
    path: "/api/openapi.json",
    tag: "system",
    auth: "public",
    summary: "This document",
    response: "The OpenAPI 3.1 document",
  },
];

// ------------------------------------------------------------------ the document

type Json = Record<string, unknown>;

const TAGS: Record<string, string> = {
  auth: "Sign-in, tokens, sessions and password reset",
  users: "The signed-in user and user lists",
  settings: "Per-user settings",
  shifts: "Daily operations: the board, reports, tracker rows, notifications",
  budgets: "Monthly budgets per station",
  staff: "Staff accounts (Setup > Staff accounts)",
  das: "The DA status register",
  vans: "The fleet status register",
  roster: "Roster imports (DAs and vans)",
  reference: "Reference data pickers",
  setup: "Reference data maintenance (Setup)",
  outbox: "Outgoing messages",
  system: "Health and this description",
};

/** Drops the noise zod adds for z.number().int() (±MAX_SAFE_INTEGER bounds) and nested `$schema` keys. */
function tidy(node: unknown): unknown {
  if (Array.isArray(node)) return node.map(tidy);
  if (!node || typeof node !== "object") return node;
  const out: Json = {};
  for (const [k, v] of Object.entries(node)) {
    if (k === "$schema") continue;
    if ((k === "minimum" || k === "maximum") && Math.abs(v as number) === Number.MAX_SAFE_INTEGER) continue;
    out[k] = tidy(v);
  }
  return out;
}

/** The input side of a zod schema (what a client sends), as JSON Schema draft 2020-12 (OpenAPI 3.1's dialect). */
export function jsonSchema(schema: z.ZodType): Json {
  return tidy(
    z.toJSONSchema(schema, { io: "input", unrepresentable: "any", target: "draft-2020-12" }),
  ) as Json;
}

const error = { $ref: "#/components/schemas/Error" };
const errorResponse = (description: string) => ({
  description,
  content: { "application/json": { schema: error } },
});

function parameters(op: Operation): Json[] {
  const out: Json[] = [];
  for (const [, name] of op.path.matchAll(/\{(\w+)\}/g)) {
    const schema = op.params?.[name] ? jsonSchema(op.params[name]) : { type: "integer", minimum: 1 };
    out.push({ name, in: "path", required: true, schema });
  }
  if (op.query) {
    const s = jsonSchema(op.query) as { properties?: Record<string, Json>; required?: string[] };
    for (const [name, schema] of Object.entries(s.properties ?? {})) {
      const { description, ...rest } = schema;
      out.push({
        name,
        in: "query",
        required: s.required?.includes(name) ?? false,
        ...(description ? { description } : {}),
        schema: rest,
      });
    }
  }
  return out;
}

function requestBody(op: Operation): Json | undefined {
  if (op.file) {
    const fields = op.body ? jsonSchema(op.body) as { properties?: Json; required?: string[] } : {};
    return {
      required: true,
      content: {
        "multipart/form-data": {
          schema: {
            type: "object",
            properties: {
              [op.file]: { type: "string", contentMediaType: "application/octet-stream" },
              ...fields.properties,
            },
            required: [op.file, ...(fields.required ?? [])],
          },
        },
      },
    };
  }
  if (!op.body) return undefined;
  return { required: true, content: { "application/json": { schema: jsonSchema(op.body) } } };
}

function responses(op: Operation): Json {
  const success = op.download
    ? {
      description: op.response,
      content: {
        "text/csv": { schema: { type: "string" } },
        "application/vnd.openxmlformats-officedocument.spreadsheetml.sheet": {
          schema: { type: "string", contentMediaType: "application/octet-stream" },
        },
      },
    }
    : op.status === 204
    ? { description: op.response }
    : { description: op.response, content: { "application/json": { schema: { type: "object" } } } };
  const out: Json = { [String(op.status ?? 200)]: success };
  if (op.body || op.query || op.file) out["400"] = errorResponse("Not valid: `{field: [message], detail}`");
  if (op.auth !== "public") {
    out["401"] = errorResponse("Not signed in, or the session has ended");
    out["403"] = errorResponse("The role may not do this");
  }
  if (op.path.includes("{")) out["404"] = errorResponse("No such row (or not at the viewer's stations)");
  for (const [status, description] of Object.entries(op.errors ?? {})) {
    out[status] = errorResponse(description);
  }
  return out;
}

function operationId(op: Operation): string {
  const words = op.path.replace(/^\/api\//, "").split(/[^A-Za-z0-9]+/).filter(Boolean)
    .map((w) => w[0].toUpperCase() + w.slice(1));
  return op.method.toLowerCase() + words.join("");
}

function describeAuth(op: Operation): string {
  if (op.auth === "public") return "Public: no session needed.";
  const roles = ACTIONS[op.auth].map((r) => ROLE_NAMES[r]).join(", ");
  return `Needs \`${op.auth}\` (${roles}).`;
}

/** The OpenAPI 3.1 document for every registered operation. */
export function buildOpenApi(): Json {
  const paths: Record<string, Record<string, Json>> = {};
  for (const op of operations) {
    const params = parameters(op);
    const body = requestBody(op);
    (paths[op.path] ??= {})[op.method.toLowerCase()] = {
      operationId: operationId(op),
      tags: [op.tag],
      summary: op.summary,
      description: [op.description, describeAuth(op)].filter(Boolean).join("\n\n"),
      ...(op.auth === "public" ? { security: [] } : {
        "x-action": op.auth,
        "x-roles": ACTIONS[op.auth],
        security: [{ cookieAuth: [] }, { bearerAuth: [] }],
      }),
      ...(params.length ? { parameters: params } : {}),
      ...(body ? { requestBody: body } : {}),
      responses: responses(op),
    };
  }
  const used = new Set(operations.map((o) => o.tag));
  return {
    openapi: "3.1.0",
    jsonSchemaDialect: "https://json-schema.org/draft/2020-12/schema",
    info: {
      title: "DSP Back Office API",
      version: "1.0.0",
      description:
        "REST under /api, keeping the specification's paths, methods, query parameters and field " +
        "names. Browsers authenticate with the HttpOnly session cookies set by POST /api/auth/login/ (state-" +
        "changing requests must carry a same-origin Origin header); API clients with `Authorization: Bearer " +
        "<access>` from POST /api/auth/token/. Errors are JSON: `{detail}`, plus `{field: [message]}` for " +
        "validation errors.",
    },
    servers: [{ url: "/" }],
    tags: Object.entries(TAGS).filter(([name]) => used.has(name)).map(([name, description]) => ({
      name,
      description,
    }))
      .concat([...used].filter((t) => !(t in TAGS)).map((name) => ({ name, description: name }))),
    paths,
    components: {
      securitySchemes: {
        cookieAuth: {
          type: "apiKey",
          in: "cookie",
          name: ACCESS_COOKIE,
          description:
            `Set by POST /api/auth/login/; renewed from the \`${REFRESH_COOKIE}\` cookie when it expires.`,
        },
        bearerAuth: {
          type: "http",
          scheme: "bearer",
          description: "The `access` token of POST /api/auth/token/.",
        },
      },
      schemas: {
        Error: {
          type: "object",
          properties: { detail: { type: "string" }, code: { type: "string" } },
          additionalProperties: { type: "array", items: { type: "string" } },
        },
      },
    },
  };
}
