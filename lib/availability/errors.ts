// The availability tracker's refusals (codes `availability.*`); the edge picks the status.
import { DomainError } from "../errors.ts";

export const AVAILABILITY = { stationNotYours: "availability.station_not_yours" } as const;

/** Another station's counts are not the viewer's to read. */
export const stationNotYours = () =>
  new DomainError(AVAILABILITY.stationNotYours, "forbidden", "This station is not one of your stations.", {
    field: "station",
  });
