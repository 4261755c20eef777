// The refusals of the Setup reference-data kit (codes `reference.*`) and of scanners (`scanner.*`), with
// the words a person reads. Each entity's own refusals live with the entity (lib/stations, lib/vans).
import { DomainError } from "../errors.ts";

export const REFERENCE = {
  inUse: "reference.in_use",
  orgWideOwnerOnly: "reference.org_wide_owner_only",
  unknownOrdering: "reference.unknown_ordering",
  scannerSerialTaken: "scanner.serial_taken",
  scannerStationNotYours: "scanner.station_not_yours",
} as const;

/** A row other records still use: the message names them, and `references` lists them when known. */
export const referenceInUse = (message: string, references?: { label: string; count: number }[]) =>
  new DomainError(REFERENCE.inUse, "conflict", message, references ? { data: { references } } : {});

export const unknownOrdering = (ordering: string, columns: readonly string[]) =>
  new DomainError(
    REFERENCE.unknownOrdering,
    "invalid",
    `Unknown ordering '${ordering}'; use one of ${columns.join(", ")} (prefix '-' for descending)`,
    { field: "ordering" },
  );

export const scannerSerialTaken = (kind: string, serial: string) =>
  new DomainError(
    REFERENCE.scannerSerialTaken,
    "invalid",
    `A ${kind} scanner with the serial number ${serial} already exists.`,
    { field: "serial_number" },
  );

export const scannerStationNotYours = () =>
  new DomainError(REFERENCE.scannerStationNotYours, "invalid", "Not valid: choose one of your stations.", {
    field: "station",
  });

export const orgWideOwnerOnly = () =>
  new DomainError(
    REFERENCE.orgWideOwnerOnly,
    "forbidden",
    "Stations, agencies, groups and fleet sizes are shared by every station: only an owner, or a manager of every station, may change them.",
  );
