// OpenAPI registry entries: coaching drafts on the scoreboard (issue 12 point 6).
import { draftPatchInput, draftsQuery, sendDraftsInput } from "../../coaching/inputs.ts";
import type { Operation } from "./types.ts";

export const coachingOperations: readonly Operation[] = [
  {
    method: "GET",
    path: "/api/scoreboard/drafts/",
    tag: "scoreboard",
    auth: "scoreboard.notify",
    summary: "Coaching drafts of a station's week",
    description:
      "One draft SMS per DA off target in the week (written after each import, in the DA's language), " +
      "with its status (draft, edited, skipped, sent) and why it could not be sent now (blocked, no_mobile, no_da).",
    query: draftsQuery,
    errors: { 404: "`check.station_not_offered`" },
    response:
      "`{station, year, week, results: [{id, driver_id, driver_name, transporter_id, language, measures, " +
      "body, status, sent_at, cannot_send}]}`",
  },
  {
    method: "PATCH",
    path: "/api/scoreboard/drafts/{id}/",
    tag: "scoreboard",
    auth: "scoreboard.notify",
    summary: "Edit or skip a coaching draft",
    body: draftPatchInput,
    response: "The updated draft",
    errors: { 404: "`coaching.draft_not_found`", 409: "`coaching.already_sent`" },
  },
  {
    method: "POST",
    path: "/api/scoreboard/drafts/send/",
    tag: "scoreboard",
    auth: "scoreboard.notify",
    summary: "Send all coaching drafts of the week",
    description:
      "Every draft not skipped nor sent goes by SMS through the outbox; blocked DAs and DAs without a " +
      "mobile are skipped and counted. Each sent draft is logged as a coaching action per measure (made, or " +
      "its coaching count raised by one).",
    body: sendDraftsInput,
    response: "`{detail, sent, skipped_blocked, skipped_no_mobile, actions_logged}`",
    errors: { 404: "`check.station_not_offered`" },
  },
];
