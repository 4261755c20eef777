// The refusals of shift reports (codes `shift.*`) with the words a person reads: creating a report on the
// board, and the transition rules of a row (rules.ts), which the tracker and the shift upload both apply.
// The tracker's own refusals are in tracker/errors.ts.
import { DomainError, forbidden } from "../errors.ts";

export const SHIFT = {
  duplicate: "shift.duplicate",
  dateExpired: "shift.date_expired",
} as const;

/** The duplicate message of the Create New Shift dialog and of the API (02 section 5). */
export const DUPLICATE_SHIFT = "Shift, for selected date and station, already added*";
/** A create refused because of its date (02 section 8). */
export const DATE_EXPIRED = "The date has expired, please re-create the report!";

/** A second report for a station and day: the body names the existing report, so the dialog can link it. */
export const duplicateShift = (existingId: number) =>
  new DomainError(SHIFT.duplicate, "invalid", DUPLICATE_SHIFT, {
    field: "station",
    data: { id: existingId },
  });

export const dateExpired = () =>
  new DomainError(SHIFT.dateExpired, "invalid", DATE_EXPIRED, { field: "report_date" });

/** A station (to create in, or to filter by) that is not one of the viewer's: a plain 403 naming it. */
export const foreignStation = (station: number) =>
  forbidden(`Station ${station} is not one of your stations.`, {
    fields: { station: ["Not one of your stations"] },
  });

/** The transition rules of a row (02 section 4), one code per rule. */
export const SHIFT_RULE = {
  secondDriverBeforeDriver: "shift.second_driver_before_driver",
  secondDriverSame: "shift.second_driver_same",
  unknownRole: "shift.unknown_role",
  statusBeforeDriver: "shift.status_before_driver",
  roleBeforeDriver: "shift.role_before_driver",
  invalidStatus: "shift.invalid_status",
  secondStatusBeforeDriver: "shift.second_status_before_driver",
  invalidSecondStatus: "shift.invalid_second_status",
  hoursNotEditable: "shift.hours_not_editable",
  hoursOutOfRange: "shift.hours_out_of_range",
  fleetNumberFromVan: "shift.fleet_number_from_van",
  fleetSizeNotOffered: "shift.fleet_size_not_offered",
  fleetSizeBeforeDriver: "shift.fleet_size_before_driver",
} as const;
export type ShiftRuleCode = (typeof SHIFT_RULE)[keyof typeof SHIFT_RULE];

/**
 * A change that breaks a transition rule, under the input field at fault. A subclass so that the shift
 * upload can name the file row it came from before passing it on.
 */
export class RuleError extends DomainError {
  constructor(readonly field: string, readonly rule: ShiftRuleCode, message: string) {
    super(rule, "invalid", message, { field });
    this.name = "RuleError";
  }

  /** The same refusal, saying first where it happened ('Row 4 of routes.xlsx (route A12)'). */
  at(where: string): RuleError {
    return new RuleError(this.field, this.rule, `${where}: ${this.message}`);
  }
}
