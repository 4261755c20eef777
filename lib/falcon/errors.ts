// Falcon's refusals (codes `falcon.*`); the edge picks the status.
import { DomainError } from "../errors.ts";

export const FALCON = {
  stationNotYours: "falcon.station_not_yours",
  planNotEditable: "falcon.plan_not_editable",
} as const;

export const stationNotYours = (id: number) =>
  new DomainError(FALCON.stationNotYours, "forbidden", `Station ${id} is not among your stations.`, {
    field: "station",
  });

/** A plan for a day before the current week, or of another year (03 2.8: current or future week only). */
export const planNotEditable = (why: string) =>
  new DomainError(FALCON.planNotEditable, "invalid", why, { field: "date" });
