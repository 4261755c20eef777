// The fleet's refusals (codes `van.*`, `fleet_size.*`, `van_group.*`) with the words a person reads. The
// fleet register, the Setup sections and the roster import all throw these; the edge picks the status.
import { DomainError } from "../errors.ts";

export const VAN = {
  notFound: "van.not_found",
  numberTaken: "van.number_taken",
  statusNotAllowed: "van.status_not_allowed",
  stationChangeNotAllowed: "van.station_change_not_allowed",
  stationNotYours: "van.station_not_yours",
  notInStations: "van.not_in_stations",
  reasonRequired: "van.reason_required",
  reasonNotAllowed: "van.reason_not_allowed",
  unknownFleetSize: "van.unknown_fleet_size",
  unknownVanGroup: "van.unknown_van_group",
} as const;

export const FLEET_SIZE = {
  notFound: "fleet_size.not_found",
  idTaken: "fleet_size.id_taken",
  builtIn: "fleet_size.built_in",
} as const;

export const VAN_GROUP = {
  notFound: "van_group.not_found",
  nameTaken: "van_group.name_taken",
  supervisorNotAllowed: "van_group.supervisor_not_allowed",
} as const;

/** A van that does not exist or is not in the viewer's stations: the two are indistinguishable. */
export const vanNotFound = () => new DomainError(VAN.notFound, "not_found", "Van not found.");

/** Van numbers are unique whatever their case. */
export const vanNumberTaken = (number: string) =>
  new DomainError(VAN.numberTaken, "invalid", `A van numbered ${number} already exists.`, {
    field: "number",
  });

/** The role may not give (or take away) this status; `why` comes from policy.ts statusChangeRefusal. */
export const vanStatusNotAllowed = (why: string) => new DomainError(VAN.statusNotAllowed, "forbidden", why);

export const vanStationChangeNotAllowed = () =>
  new DomainError(VAN.stationChangeNotAllowed, "forbidden", "Dispatchers cannot change a van's station.");

/** A van may only go to one of the editor's stations. The register words the detail apart from the field. */
export const vanStationNotYours = (fieldMessage: string, detail = fieldMessage) =>
  new DomainError(VAN.stationNotYours, "invalid", detail, { fields: { station: [fieldMessage] } });

/** A bulk change naming vans the viewer cannot see: nothing is changed. */
export const vansNotInStations = (missing: number[]) => {
  const ids = `${missing.slice(0, 10).join(", ")}${missing.length > 10 ? ", …" : ""}`;
  const msg = `Not in your stations or no such van: id ${ids}`;
  return new DomainError(VAN.notInStations, "invalid", `Nothing was changed. ${msg}.`, {
    fields: { id_list: [msg] },
  });
};

const reasonError = (code: string, msg: string) =>
  new DomainError(code, "invalid", `status_change_reason: ${msg}.`, {
    fields: { status_change_reason: [msg] },
  });

export const vanReasonRequired = () =>
  reasonError(VAN.reasonRequired, "Required for an Out of Service (2) van");

/** Only an Out of Service van has a reason; `statusLabel` names the van's status. */
export const vanReasonNotAllowed = (statusLabel: string) =>
  reasonError(
    VAN.reasonNotAllowed,
    `Only an Out of Service (2) van has a reason; this van is ${statusLabel}`,
  );

export const vanUnknownFleetSize = (id: number) =>
  new DomainError(VAN.unknownFleetSize, "invalid", `Not valid: there is no fleet size ${id}.`, {
    field: "fleet_size",
  });

export const vanUnknownVanGroup = () =>
  new DomainError(VAN.unknownVanGroup, "invalid", "Not valid: that van group does not exist.", {
    field: "van_group",
  });

export const fleetSizeNotFound = () =>
  new DomainError(FLEET_SIZE.notFound, "not_found", "Fleet size not found.");

export const fleetSizeIdTaken = (id: number) =>
  new DomainError(FLEET_SIZE.idTaken, "invalid", `Fleet size ${id} already exists; choose another id.`, {
    field: "id",
  });

/** The six built-in sizes mean a van type by their id (route tables, the tracker): renamed, never deleted. */
export const fleetSizeBuiltIn = (id: number, title: string) =>
  new DomainError(
    FLEET_SIZE.builtIn,
    "conflict",
    `Cannot delete fleet size ${id} (${title}): sizes 1-6 are built in and mean a van type by their id. Rename it instead.`,
  );

export const vanGroupNotFound = () =>
  new DomainError(VAN_GROUP.notFound, "not_found", "Van group not found.");

export const vanGroupNameTaken = (name: string) =>
  new DomainError(VAN_GROUP.nameTaken, "invalid", `A van group named "${name}" already exists.`, {
    field: "name",
  });

export const vanGroupSupervisorNotAllowed = () =>
  new DomainError(
    VAN_GROUP.supervisorNotAllowed,
    "invalid",
    "Not valid: the supervisor must be an active staff account at one of your stations.",
    { field: "supervisor" },
  );
