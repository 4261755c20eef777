// The schedule's refusals (codes `schedule.*`) with the words a person reads. policy.ts decides, the API
// and the page show the same words; the edge picks the status from the kind. Pure: islands import it.
import { DomainError } from "../errors.ts";

export const SCHEDULE = {
  stationNotYours: "schedule.station_not_yours",
  personNotFound: "schedule.person_not_found",
  notFound: "schedule.not_found",
  otherStation: "schedule.other_station",
  pastDay: "schedule.past_day",
  roleNeedsAvailable: "schedule.role_needs_available",
  startTimeRequired: "schedule.start_time_required",
  hoursRequired: "schedule.hours_required",
  helperOfRequired: "schedule.helper_of_required",
  helperOfNotCandidate: "schedule.helper_of_not_candidate",
  helperSameRole: "schedule.helper_same_role",
  roleTaken: "schedule.role_taken",
  requestWeekNotFuture: "schedule.request_week_not_future",
  noPeople: "schedule.no_people",
  publishPastWeek: "schedule.publish_past_week",
  publishNoData: "schedule.publish_no_data",
  publishAllPast: "schedule.publish_all_past",
} as const;
export type ScheduleCode = (typeof SCHEDULE)[keyof typeof SCHEDULE];

/** The words of each refusal that needs no detail (policy.ts returns codes; the page shows these). */
export const SCHEDULE_WORDS: Record<ScheduleCode, string> = {
  [SCHEDULE.stationNotYours]: "This station is not one of yours.",
  [SCHEDULE.personNotFound]: "This person is not on the schedule of this station.",
  [SCHEDULE.notFound]: "There is no schedule for this person on that day.",
  [SCHEDULE.otherStation]: "This person is already scheduled at another station on that day.",
  [SCHEDULE.pastDay]: "Past days cannot be changed.",
  [SCHEDULE.roleNeedsAvailable]: "Only an available person can have a role.",
  [SCHEDULE.startTimeRequired]: "An available person needs a shift start time.",
  [SCHEDULE.hoursRequired]: "This role needs its number of hours.",
  [SCHEDULE.helperOfRequired]: "A helper needs the person they help.",
  [SCHEDULE.helperOfNotCandidate]:
    "The person helped must be a driver with a Standard or Flex shift that day whom nobody else helps.",
  [SCHEDULE.helperSameRole]: "A helper cannot take the role of the person helped.",
  [SCHEDULE.roleTaken]: "Another person already has this role on that day at this station.",
  [SCHEDULE.requestWeekNotFuture]: "Availability can be requested for future weeks only.",
  [SCHEDULE.noPeople]: "Choose at least one person.",
  [SCHEDULE.publishPastWeek]: "A past week cannot be published.",
  [SCHEDULE.publishNoData]: "There are no shifts with a role to publish in this week.",
  [SCHEDULE.publishAllPast]: "Every shift of this week is in the past.",
};

/** Which input field a rule's refusal belongs to (FormModal puts the words under it). */
const FIELD_OF: Partial<Record<ScheduleCode, string>> = {
  [SCHEDULE.startTimeRequired]: "shift_start_time",
  [SCHEDULE.hoursRequired]: "role_hours",
  [SCHEDULE.helperOfRequired]: "helper_of",
  [SCHEDULE.helperOfNotCandidate]: "helper_of",
  [SCHEDULE.helperSameRole]: "role",
  [SCHEDULE.roleTaken]: "role",
  [SCHEDULE.roleNeedsAvailable]: "role",
};

const KIND_OF: Partial<Record<ScheduleCode, "forbidden" | "not_found" | "conflict">> = {
  [SCHEDULE.stationNotYours]: "forbidden",
  [SCHEDULE.personNotFound]: "not_found",
  [SCHEDULE.notFound]: "not_found",
  [SCHEDULE.otherStation]: "conflict",
  [SCHEDULE.pastDay]: "forbidden",
};

/** The DomainError of a code: its words, its kind (invalid unless listed), its field. */
export function scheduleError(code: ScheduleCode, message: string = SCHEDULE_WORDS[code]): DomainError {
  const field = FIELD_OF[code];
  return new DomainError(code, KIND_OF[code] ?? "invalid", message, field ? { field } : {});
}

/** The toasts of 02 section 8. */
export const MESSAGE_SENT = "Message has been send!";
export const MESSAGE_FAILED = "Something was wrong!";
export const DELETE_CONFIRM = "Are you sure you want to delete this schedule?";
