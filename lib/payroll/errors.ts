// Payroll's refusals (codes `payroll.*`); the edge (lib/web/endpoint.ts) picks the status.
import { DomainError } from "../errors.ts";

export const PAYROLL = {
  stationNotYours: "payroll.station_not_yours",
} as const;

/** A station filter naming a station the viewer has no spot at (or none at all): said, not ignored. */
export const stationNotYours = (station: string) =>
  new DomainError(PAYROLL.stationNotYours, "invalid", `Station ${station} is not one of your stations.`, {
    field: "station",
  });
