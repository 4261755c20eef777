// Who the demo organisation is: its stations and one sign-in per back-office role (the README lists the
// same accounts).

export const DEMO_PASSWORD = "demo1234";
export const DEMO_ORG_NAME = "Demo Delivery Co.";
export const DEMO_LABEL = "Demo organisation — sample data";

export const DEMO_STATIONS = [
  { id: 1, title: "Demo Station DON9", tag: "DON9" },
  { id: 2, title: "Demo Station HYZ1", tag: "HYZ1" },
  { id: 3, title: "Demo Station DTO3", tag: "DTO3" },
] as const;

export const DEMO_ACCOUNTS = [
  {
    email: "dispatcher@example.com",
    role: 1,
    password: DEMO_PASSWORD,
    firstName: "Dana",
    lastName: "Dispatcher",
    stationIds: [1, 2],
  },
  {
    email: "supervisor@example.com",
    role: 2,
    password: DEMO_PASSWORD,
    firstName: "Sam",
    lastName: "Supervisor",
    stationIds: [1, 2],
  },
  {
    email: "manager@example.com",
    role: 3,
    password: DEMO_PASSWORD,
    firstName: "Morgan",
    lastName: "Manager",
    stationIds: [1, 2, 3],
  },
  {
    email: "owner@example.com",
    role: 4,
    password: DEMO_PASSWORD,
    firstName: "Olivia",
    lastName: "Owner",
    stationIds: [1, 2, 3],
  },
] as const;

export const DEMO_DRIVER_COUNT = 120;
export const DEMO_VAN_COUNT = 80;
export const DEMO_SCANNERS_PER_KIND = 20;

/** DAs per station: 120 in all. */
export const DRIVER_PLAN: Record<number, number> = { 1: 48, 2: 40, 3: 32 };

/** Fleet composition by station: [fleet size id, count]. 80 vans in all. */
export const FLEET_PLAN: Record<number, [number, number][]> = {
  1: [[1, 14], [6, 4], [2, 3], [4, 6], [5, 5]],
  2: [[1, 11], [6, 3], [2, 3], [3, 3], [4, 4], [5, 2]],
  3: [[1, 10], [6, 3], [2, 2], [3, 4], [5, 3]],
};
