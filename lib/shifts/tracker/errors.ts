// The tracker's refusals (codes `tracker.*`) with the words of 02 section 8. The screen switches on the
// code: `tracker.conflict` refreshes the row, `tracker.no_free_vans` opens the No Free Vans dialog,
// `tracker.van_taken` the Duplicate Vans one. Messages that name a field take its label (field-labels.ts)
// from the caller, so this file stays free of imports beyond the error core.
import { DomainError } from "../../errors.ts";
import type { ShiftRecordDto } from "../dto.ts";

export const TRACKER = {
  conflict: "tracker.conflict",
  noFreeVans: "tracker.no_free_vans",
  vanTaken: "tracker.van_taken",
  rowLocked: "tracker.row_locked",
  rowSetBySms: "tracker.row_set_by_sms",
  reportClosed: "tracker.report_closed",
  uploadDateMismatch: "tracker.upload_date_mismatch",
  driverNotActive: "tracker.driver_not_active",
  driverTaken: "tracker.driver_taken",
  sameDriverTwice: "tracker.same_driver_twice",
  secondDriverOff: "tracker.second_driver_off",
  personNotMember: "tracker.person_not_member",
  scannerTwice: "tracker.scanner_twice",
  scannerForeign: "tracker.scanner_foreign",
  scannerWrongKind: "tracker.scanner_wrong_kind",
  scannerUnavailable: "tracker.scanner_unavailable",
  scannerTaken: "tracker.scanner_taken",
} as const;

/**
 * Someone else changed `field` after the version the editor saw (409). The body carries the field and
 * the row as it is now, which the screen shows instead of the editor's change.
 */
export const editConflict = (field: string, label: string, record: ShiftRecordDto) =>
  new DomainError(
    TRACKER.conflict,
    "conflict",
    `Someone else changed ${label} on this row. The row now shows their change.`,
    { data: { field, record } },
  );

/** 02 section 8 'No Free Vans' (404): the row was written with its van cleared, and comes back with it. */
export const noFreeVans = (record: ShiftRecordDto) =>
  new DomainError(TRACKER.noFreeVans, "not_found", "No free vans!", {
    field: "fleet_size",
    data: { record },
  });

/** 02 section 8 'Duplicate Vans': the van (or typed fleet number) is on another row that day. */
export const vanTaken = (field: "van" | "fleet_number", message: string) =>
  new DomainError(TRACKER.vanTaken, "invalid", message, { field });

/** Why the row refuses changes ('This row is locked: ...', from policy.ts). */
export const rowLocked = (why: string) => new DomainError(TRACKER.rowLocked, "forbidden", why);

export const rowSetBySms = () =>
  new DomainError(
    TRACKER.rowSetBySms,
    "forbidden",
    "This row cannot be deleted: its DA status was set by the DA's SMS reply.",
  );

/** Why the report takes no new rows, upload, DA 2 or header change ('This report is closed: ...'). */
export const reportClosed = (why: string) => new DomainError(TRACKER.reportClosed, "forbidden", why);

/** A shift upload whose date is not the report's (both as the screen shows dates). */
export const uploadDateMismatch = (sent: string, own: string) =>
  new DomainError(
    TRACKER.uploadDateMismatch,
    "invalid",
    `The shift date ${sent} is not this report's date (${own}).`,
    { field: "shift_date" },
  );

export const driverNotActive = (field: string, label: string, driverId: number, stationTag: string) =>
  new DomainError(
    TRACKER.driverNotActive,
    "invalid",
    `${label}: user ${driverId} is not an active DA of ${stationTag}.`,
    { field },
  );

/** The DA is on another row of the report already (`row` counts from 1, in the tracker's order). */
export const driverTaken = (field: string, name: string, row: number, route: string | null) =>
  new DomainError(
    TRACKER.driverTaken,
    "invalid",
    `${name} is already on row ${row}${route ? `, route ${route}` : ""} of this report.`,
    { field },
  );

export const sameDriverTwice = () =>
  new DomainError(
    TRACKER.sameDriverTwice,
    "invalid",
    "The DA and DA 2 of a row must be two different people.",
    {
      field: "driver",
    },
  );

export const secondDriverOff = () =>
  new DomainError(
    TRACKER.secondDriverOff,
    "invalid",
    "Turn on DA 2 for this report (Add DA 2) before choosing a second DA.",
    { field: "second_driver" },
  );

/** A header person (dispatcher, supervisor, ...) who is not an active user of the report's station. */
export const personNotMember = (field: string, label: string, userId: number, stationTag: string) =>
  new DomainError(
    TRACKER.personNotMember,
    "invalid",
    `${label}: user ${userId} is not an active member of ${stationTag}.`,
    { field },
  );

export const scannerTwice = (slot: string) =>
  new DomainError(TRACKER.scannerTwice, "invalid", "The same scanner cannot fill two slots of a row.", {
    field: slot,
  });

export const scannerForeign = (slot: string, label: string, scannerId: number, stationTag: string) =>
  new DomainError(
    TRACKER.scannerForeign,
    "invalid",
    `${label}: scanner ${scannerId} is not a scanner of ${stationTag}.`,
    { field: slot },
  );

export const scannerWrongKind = (slot: string, label: string, serial: string, kind: string, wanted: string) =>
  new DomainError(TRACKER.scannerWrongKind, "invalid", `${label}: ${serial} is a ${kind}, not a ${wanted}.`, {
    field: slot,
  });

export const scannerUnavailable = (slot: string, label: string, serial: string) =>
  new DomainError(TRACKER.scannerUnavailable, "invalid", `${label}: ${serial} is not available.`, {
    field: slot,
  });

/** `where` says where the scanner is in use ('by Ann Lee on route A12', 'in another slot of this row'). */
export const scannerTaken = (slot: string, label: string, serial: string, where: string) =>
  new DomainError(TRACKER.scannerTaken, "invalid", `${label}: ${serial} is already used ${where} today.`, {
    field: slot,
  });
