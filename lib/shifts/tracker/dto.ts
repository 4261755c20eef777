// Explicit mapping from the tracker's joined rows to the API contract of lib/shifts/dto.ts. No raw row
// leaves lib: every field of the DTO is named here.
import { weekdayAbbrev } from "../../dates/format.ts";
import type { SerialRef, ShiftRecordDto, ShiftReportDto, VanRef } from "../dto.ts";
import type { DriverRef } from "../../users/person-ref.ts";
import { canDeleteRow, type Editor, isReportClosed, LOCK_REASON_TEXT, rowLockReason } from "../locks.ts";

export interface PersonCols {
  id: number;
  firstName: string;
  lastName: string;
  badge: string | null;
  transporterId: string | null;
}

/** One record as the tracker query selects it (drizzle nests left-joined objects, null when absent). */
export interface RecordRow {
  id: number;
  reportId: number;
  van: {
    id: number;
    number: string;
    fleetSizeId: number | null;
    groupId: number | null;
    groupName: string | null;
    sizeTitle: string | null;
  } | null;
  fleetNumber: string | null;
  cancelledFleetSizeId: number | null;
  role: number;
  roleHours: string | null;
  route: string | null;
  waveTime: string | null;
  driver: PersonCols | null;
  secondDriver: PersonCols | null;
  daStatus: number;
  secondDaStatus: number;
  isStatusPublished: boolean;
  isSecondStatusPublished: boolean;
  statusAssignedBySms: boolean;
  rabbit: { id: number; serialNumber: string } | null;
  secondRabbit: { id: number; serialNumber: string } | null;
  dolly: { id: number; serialNumber: string } | null;
  secondDolly: { id: number; serialNumber: string } | null;
  returnedRabbit: boolean;
  returnedDolly: boolean;
  ontimeAttendance: boolean;
  launchpadSupport: boolean;
  morningChecklist: boolean;
  rescue: boolean;
  violation: boolean;
  numberOfStops: number | null;
  numberOfPackages: number | null;
  actualEndTime: string | null;
  rescueGiven: number | null;
  rescueTaken: number | null;
  uta: number | null;
  utl: number | null;
  nsl: number | null;
  bc: number | null;
  missing: number | null;
  damage: number | null;
  fdd: number | null;
  missort: number | null;
  oc: number | null;
  others: number | null;
  actualDa: string | null;
  firstStopTime: string | null;
  plannedEndTime: string | null;
  version: number;
  createdAt: Date | string;
}

/** What the locked / can_delete flags depend on: the report's date, today (org zone) and the viewer. */
export interface ViewContext {
  reportDate: string;
  today: string;
  editor: Editor;
}

const iso = (v: Date | string) => (v instanceof Date ? v : new Date(v)).toISOString();

export function driverRef(p: PersonCols | null): DriverRef | null {
  if (!p) return null;
  return {
    id: p.id,
    first_name: p.firstName,
    last_name: p.lastName,
    badge: p.badge,
    transporter_id: p.transporterId,
  };
}

const serialRef = (s: { id: number; serialNumber: string } | null): SerialRef | null =>
  s ? { id: s.id, serial_number: s.serialNumber } : null;

function vanRef(v: RecordRow["van"]): VanRef | null {
  if (!v || v.id === null) return null;
  return {
    id: v.id,
    number: v.number,
    van_group: v.groupId === null ? null : { id: v.groupId, name: v.groupName ?? "" },
    van_group_name: v.groupName,
    fleet_size: v.fleetSizeId === null ? null : { id: v.fleetSizeId, title: v.sizeTitle ?? "" },
  };
}

export function recordDto(r: RecordRow, view: ViewContext): ShiftRecordDto {
  const lock = rowLockReason(
    { daStatus: r.daStatus, statusAssignedBySms: r.statusAssignedBySms, driverId: r.driver?.id ?? null },
    view.reportDate,
    view.today,
    view.editor,
  );
  const locked = lock !== null;
  return {
    id: r.id,
    report: r.reportId,
    van: vanRef(r.van),
    fleet_number: r.fleetNumber,
    cancelled_fleet_size: r.cancelledFleetSizeId,
    role: r.role,
    role_hours: r.roleHours,
    route: r.route,
    wave_time: r.waveTime,
    driver: driverRef(r.driver),
    second_driver: driverRef(r.secondDriver),
    da_status: r.daStatus,
    second_da_status: r.secondDaStatus,
    is_status_published: r.isStatusPublished,
    is_second_status_published: r.isSecondStatusPublished,
    status_assigned_by_sms: r.statusAssignedBySms,
    rabbit_number: serialRef(r.rabbit),
    second_rabbit_number: serialRef(r.secondRabbit),
    dolly_number: serialRef(r.dolly),
    second_dolly_number: serialRef(r.secondDolly),
    returned_rabbit: r.returnedRabbit,
    returned_dolly: r.returnedDolly,
    ontime_attendance: r.ontimeAttendance,
    launchpad_support: r.launchpadSupport,
    morning_checklist: r.morningChecklist,
    rescue: r.rescue,
    violation: r.violation,
    number_of_stops: r.numberOfStops,
    number_of_packages: r.numberOfPackages,
    actual_end_time: r.actualEndTime,
    rescue_given: r.rescueGiven,
    rescue_taken: r.rescueTaken,
    uta: r.uta,
    utl: r.utl,
    nsl: r.nsl,
    bc: r.bc,
    missing: r.missing,
    damage: r.damage,
    fdd: r.fdd,
    missort: r.missort,
    oc: r.oc,
    others: r.others,
    actual_DA: r.actualDa,
    first_stop_time: r.firstStopTime,
    planned_end_time: r.plannedEndTime,
    created: iso(r.createdAt),
    version: r.version,
    locked,
    lock_reason: lock && LOCK_REASON_TEXT[lock],
    can_delete: canDeleteRow(r) && !locked,
  };
}

/** One report as the tracker query selects it. */
export interface ReportRow {
  id: number;
  reportDate: string;
  weekNumber: number;
  stationId: number;
  stationTitle: string;
  stationTag: string;
  hasSecondDriver: boolean;
  dispatcher: PersonCols | null;
  supportDispatcher: PersonCols | null;
  supervisor: PersonCols | null;
  specialSupervisor: PersonCols | null;
  leadDriver: PersonCols | null;
  fleetCoordinator: PersonCols | null;
  createdBy: { id: number; firstName: string; lastName: string } | null;
  editedBy: { id: number; firstName: string; lastName: string } | null;
  createdAt: Date | string;
  modifiedAt: Date | string;
  unpublished: number;
}

const nameRef = (p: { id: number; firstName: string; lastName: string } | null) =>
  p ? { id: p.id, first_name: p.firstName, last_name: p.lastName } : null;

export function reportDto(r: ReportRow, view: ViewContext): ShiftReportDto {
  return {
    id: r.id,
    report_date: r.reportDate,
    get_week_day: weekdayAbbrev(r.reportDate),
    week_number: r.weekNumber,
    station: { id: r.stationId, title: r.stationTitle, tag: r.stationTag },
    has_second_driver: r.hasSecondDriver,
    dispatcher: driverRef(r.dispatcher),
    support_dispatcher: driverRef(r.supportDispatcher),
    supervisor: driverRef(r.supervisor),
    special_supervisor: driverRef(r.specialSupervisor),
    lead_driver: driverRef(r.leadDriver),
    fleet_coordinator: driverRef(r.fleetCoordinator),
    created_by: nameRef(r.createdBy),
    edited_by: nameRef(r.editedBy),
    created: iso(r.createdAt),
    modified: iso(r.modifiedAt),
    closed: isReportClosed(r.reportDate, view.today, view.editor),
    unpublished_count: Number(r.unpublished),
  };
}
