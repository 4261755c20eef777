// The dashboard's refusals (codes `dashboard.*`); the edge picks the status.
import { DomainError } from "../errors.ts";

export const DASHBOARD = { stationNotYours: "dashboard.station_not_yours" } as const;

/** A station named in `stations` that is not one of the viewer's. */
export const stationNotYours = (ids: number[]) =>
  new DomainError(
    DASHBOARD.stationNotYours,
    "forbidden",
    `Station${ids.length > 1 ? "s" : ""} ${ids.join(", ")} ${
      ids.length > 1 ? "are" : "is"
    } not among your stations.`,
    { field: "stations" },
  );
