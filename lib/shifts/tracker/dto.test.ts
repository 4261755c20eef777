import assert from "node:assert/strict";
import { recordDto, type RecordRow, reportDto, type ReportRow } from "./dto.ts";

const row: RecordRow = {
  id: 4,
  reportId: 2,
  van: { id: 9, number: "104", fleetSizeId: 6, groupId: 3, groupName: "Blue", sizeTitle: "Medium Van" },
  fleetNumber: null,
  cancelledFleetSizeId: null,
  role: 0,
  roleHours: "10.00",
  route: "CX1",
  waveTime: "Wave 1",
  driver: { id: 7, firstName: "Ana", lastName: "Cruz", badge: "123", transporterId: null },
  secondDriver: null,
  daStatus: 0,
  secondDaStatus: 0,
  isStatusPublished: false,
  isSecondStatusPublished: false,
  statusAssignedBySms: false,
  rabbit: { id: 1, serialNumber: "R-1" },
  secondRabbit: null,
  dolly: null,
  secondDolly: null,
  returnedRabbit: false,
  returnedDolly: false,
  ontimeAttendance: true,
  launchpadSupport: false,
  morningChecklist: false,
  rescue: false,
  violation: false,
  numberOfStops: 120,
  numberOfPackages: 200,
  actualEndTime: null,
  rescueGiven: null,
  rescueTaken: null,
  uta: 1,
  utl: null,
  nsl: null,
  bc: null,
  missing: null,
  damage: null,
  fdd: null,
  missort: null,
  oc: null,
  others: null,
  actualDa: null,
  firstStopTime: null,
  plannedEndTime: null,
  version: 3,
  createdAt: new Date("2026-03-10T12:00:00Z"),
};
const view = { reportDate: "2026-03-10", today: "2026-03-10", editor: { canCreateOldShifts: false } };

Deno.test("record DTO: spec names, nested van/driver/scanner refs, viewer flags", () => {
  const dto = recordDto(row, view);
  assert.deepEqual(dto.van, {
    id: 9,
    number: "104",
    van_group: { id: 3, name: "Blue" },
    van_group_name: "Blue",
    fleet_size: { id: 6, title: "Medium Van" },
  });
  assert.deepEqual(dto.driver, {
    id: 7,
    first_name: "Ana",
    last_name: "Cruz",
    badge: "123",
    transporter_id: null,
  });
  assert.deepEqual(dto.rabbit_number, { id: 1, serial_number: "R-1" });
  assert.equal(dto.created, "2026-03-10T12:00:00.000Z");
  assert.equal(dto.locked, false);
  assert.equal(dto.can_delete, true);
  assert.equal(dto.version, 3);
});

Deno.test("record DTO: a status-3 row is locked and cannot be deleted; an SMS row cannot be deleted", () => {
  assert.deepEqual([
    recordDto({ ...row, daStatus: 3 }, view).locked,
    recordDto({ ...row, daStatus: 3 }, view).can_delete,
  ], [true, false]);
  const sms = recordDto({ ...row, statusAssignedBySms: true, daStatus: 1 }, view);
  assert.deepEqual([sms.locked, sms.can_delete], [false, false]);
  const old = recordDto(row, { ...view, today: "2026-03-13" });
  assert.equal(old.locked, true);
});

Deno.test("report DTO: weekday, closed flag, counts", () => {
  const r: ReportRow = {
    id: 2,
    reportDate: "2026-03-10",
    weekNumber: 9,
    stationId: 1,
    stationTitle: "DON9 station",
    stationTag: "DON9",
    hasSecondDriver: false,
    dispatcher: null,
    supportDispatcher: null,
    supervisor: null,
    specialSupervisor: null,
    leadDriver: null,
    fleetCoordinator: null,
    createdBy: { id: 1, firstName: "Dana", lastName: "D" },
    editedBy: null,
    createdAt: "2026-03-09T10:00:00Z",
    modifiedAt: new Date("2026-03-09T11:00:00Z"),
    unpublished: 3,
  };
  const dto = reportDto(r, view);
  assert.equal(dto.get_week_day, "Tue");
  assert.equal(dto.closed, false);
  assert.equal(reportDto(r, { ...view, today: "2026-03-13" }).closed, true);
  assert.equal(dto.unpublished_count, 3);
  assert.deepEqual(dto.created_by, { id: 1, first_name: "Dana", last_name: "D" });
  assert.equal(dto.modified, "2026-03-09T11:00:00.000Z");
});
