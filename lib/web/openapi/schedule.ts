// OpenAPI registry entries: the schedule grid and its two sends (02 sections 2 and 7, issue 11 point 1).
// lib/web/openapi.ts assembles the document.
import {
  confirmedMessageQuery,
  deleteReportInput,
  getReportsQuery,
  reportInput,
  requestMessageQuery,
} from "../../schedule/inputs.ts";
import type { Operation } from "./types.ts";

const RULES = "`schedule.past_day` (403), `schedule.role_needs_available`, `schedule.start_time_required`, " +
  "`schedule.hours_required`, `schedule.helper_of_required`, `schedule.helper_of_not_candidate`, " +
  "`schedule.helper_same_role`, `schedule.role_taken`";
const SENT = "`{detail: 'Message has been send!', sent, skipped_no_mobile, skipped_blocked}`";

export const scheduleOperations: readonly Operation[] = [
  {
    method: "GET",
    path: "/api/schedule/get_reports/",
    tag: "schedule",
    auth: "schedule.read",
    summary: "The week grid of a station",
    description: "`week` is zero-based. `station` defaults to 1 when the caller has it, else their first " +
      "station. People: drivers, supervisors and dispatchers with a spot at the station (filters `role`, " +
      "`status`, `search`; `ordering` role, name or total_hours, '-' descending, default -role): this is " +
      "the schedule's user list, so no separate users call is needed. `day_entries` lists every entry " +
      "of the station that week whatever the filters (for the editor's taken roles and helper candidates).",
    query: getReportsQuery,
    response: "`{year, week, station, today, date_list, data_list: [{id, first_name, last_name, role, " +
      "status, badge, has_mobile, total_hours, reports: [entry|null] x7}], day_entries}`",
    errors: { 403: "`schedule.station_not_yours`" },
  },
  {
    method: "POST",
    path: "/api/schedule/create_or_update_report/",
    tag: "schedule",
    auth: "schedule.edit",
    summary: "Save one person's day (create or update)",
    description: "Copy mode posts the copied entry to another cell here; every rule applies. Hours: base " +
      "hours of the role, entered hours for flexible roles, the helped person's hours for a helper. " +
      "A role other than 13 clears helper_of; an unavailable day has no role, hours or start time. " +
      "Any change makes the day 'Not Published' again.",
    body: reportInput,
    response: "`{created, data: entry}`",
    errors: {
      400: RULES,
      404: "`schedule.person_not_found`: not on this station's schedule",
      409: "`schedule.other_station`: scheduled at another station that day",
    },
  },
  {
    method: "POST",
    path: "/api/schedule/delete_report/",
    tag: "schedule",
    auth: "schedule.edit",
    summary: "Delete a day's role (role none, hours 0, helper links to the person cleared)",
    body: deleteReportInput,
    response: "`{data: entry}`",
    errors: { 403: "`schedule.past_day`, `schedule.station_not_yours`", 404: "`schedule.not_found`" },
  },
  {
    method: "GET",
    path: "/api/send-request-schedule-message/",
    tag: "schedule",
    auth: "schedule.message",
    summary: "Availability request SMS to the chosen people for a future week",
    description: "`user_id_list` joined by '_'; `week_date` any date of the week asked about. Written to " +
      "the outbox and logged per person. People without a mobile number or who blocked SMS are counted.",
    query: requestMessageQuery,
    response: SENT,
    errors: {
      400: "`schedule.request_week_not_future`, `schedule.no_people`",
      404: "`schedule.person_not_found`",
    },
  },
  {
    method: "GET",
    path: "/api/send-confirmed-schedule-message/",
    tag: "schedule",
    auth: "schedule.message",
    summary: "Publish the week: mark days with a role published and SMS each person their shifts",
    description: "`user_id_list` joined by '_' (empty for all), `station_id`, `week_date` any date of the " +
      "week. Only people with an unpublished day are messaged.",
    query: confirmedMessageQuery,
    response: SENT + " plus `published` (days marked)",
    errors: { 400: "`schedule.publish_past_week`, `schedule.publish_no_data`, `schedule.publish_all_past`" },
  },
];
