// The refusals of stations, agencies, fleet groups (codes `station.*`, `agency.*`, `fleet_group.*`) and of
// station spots (`spot.*`), with the words a person reads. Two screens edit spots: the DA register's spot
// editor (a field per column: station, agency, fleet_groups) and the staff form (one station_spots field).
// They refuse the same things under the same codes, each in its own words.
import { DomainError } from "../errors.ts";

export const STATION = {
  tagTaken: "station.tag_taken",
  unknown: "station.unknown",
  agencyNameTaken: "agency.name_taken",
  fleetGroupNameTaken: "fleet_group.name_taken",
} as const;

export const SPOT = {
  editForbidden: "spot.edit_forbidden",
  stationNotYours: "spot.station_not_yours",
  unknownAgency: "spot.unknown_agency",
  unknownFleetGroup: "spot.unknown_fleet_group",
  stationTaken: "spot.station_taken",
  notOwn: "spot.not_own",
  outOfReach: "spot.out_of_reach",
  savedAndDeleted: "spot.saved_and_deleted",
  listedTwice: "spot.listed_twice",
  lastSpot: "spot.last_spot",
  swap: "spot.swap",
} as const;

const plural = (n: number, word: string) => (n > 1 ? `${word}s` : word);

export const stationTagTaken = (tag: string) =>
  new DomainError(STATION.tagTaken, "invalid", `A station with the tag ${tag} already exists.`, {
    field: "tag",
  });

/** Stations named by id or tag (the CLI) that do not exist; `known` lists the ones that do. */
export function unknownStations(refs: readonly string[], known: readonly { id: number; tag: string }[]) {
  const list = known.length
    ? `Known stations: ${known.map((s) => `${s.id} (${s.tag})`).join(", ")}.`
    : "There are no stations yet.";
  const message = `Unknown ${plural(refs.length, "station")}: ${refs.join(", ")}. ${list}`;
  return new DomainError(STATION.unknown, "invalid", message, { field: "stations" });
}

export const agencyNameTaken = (name: string) =>
  new DomainError(STATION.agencyNameTaken, "invalid", `An agency named "${name}" already exists.`, {
    field: "name",
  });

export const fleetGroupNameTaken = (name: string) =>
  new DomainError(STATION.fleetGroupNameTaken, "invalid", `A fleet group named "${name}" already exists.`, {
    field: "name",
  });

// ---- the DA register's spot editor

export const spotEditForbidden = () =>
  new DomainError(SPOT.editForbidden, "forbidden", "Dispatchers cannot edit station spots.");

export const spotStationsNotYours = (ids: readonly number[]) =>
  new DomainError(
    SPOT.stationNotYours,
    "forbidden",
    `Station ${ids.join(", ")} is not one of your stations.`,
    {
      field: "station",
    },
  );

export const spotUnknownAgencies = (ids: readonly number[]) =>
  new DomainError(SPOT.unknownAgency, "invalid", `Unknown agency ${ids.join(", ")}.`, { field: "agency" });

export const spotUnknownFleetGroups = (ids: readonly number[]) =>
  new DomainError(SPOT.unknownFleetGroup, "invalid", `Unknown fleet group ${ids.join(", ")}.`, {
    field: "fleet_groups",
  });

/** A second spot at a station: `already` for a new spot, otherwise an edit that would leave two. */
export const spotStationTaken = (person: string, tags: string, already: boolean) =>
  new DomainError(
    SPOT.stationTaken,
    "invalid",
    already ? `${person} already has a spot at ${tags}.` : `${person} can have only one spot at ${tags}.`,
    { field: "station" },
  );

export const spotsNotOwn = (ids: readonly number[]) =>
  new DomainError(
    SPOT.notOwn,
    "not_found",
    `Not found: station spot ${ids.join(", ")} is not a spot of this DA.`,
  );

export const spotsOutOfReach = (ids: readonly number[]) =>
  new DomainError(
    SPOT.outOfReach,
    "forbidden",
    `Station spot ${ids.join(", ")} is at a station that is not one of yours.`,
  );

export const spotsSavedAndDeleted = (ids: readonly number[]) =>
  new DomainError(
    SPOT.savedAndDeleted,
    "invalid",
    `Station spot ${ids.join(", ")} is both saved and deleted.`,
    {
      field: "spotsToDelete",
    },
  );

export const spotListedTwice = () =>
  new DomainError(SPOT.listedTwice, "invalid", "A station spot is listed twice.", { field: "stationSpots" });

export const lastSpot = () =>
  new DomainError(SPOT.lastSpot, "invalid", "A DA needs at least one station spot.", {
    field: "stationSpots",
  });

export const spotSwap = () =>
  new DomainError(
    SPOT.swap,
    "invalid",
    "Two spots cannot swap stations in one save; save one move at a time.",
    { field: "stationSpots" },
  );

// ---- the staff form (one station_spots field)

export const accessStationsNotYours = (tags: readonly string[]) =>
  new DomainError(
    SPOT.stationNotYours,
    "forbidden",
    `You cannot give access to ${plural(tags.length, "station")} you do not have: ${tags.join(", ")}.`,
    { field: "station_spots" },
  );

export const accessUnknownAgencies = (ids: readonly number[]) =>
  new DomainError(SPOT.unknownAgency, "invalid", `Unknown agency: ${ids.join(", ")}.`, {
    field: "station_spots",
  });

export const accessUnknownFleetGroups = (ids: readonly number[]) =>
  new DomainError(SPOT.unknownFleetGroup, "invalid", `Unknown fleet group: ${ids.join(", ")}.`, {
    field: "station_spots",
  });
