// The DA roster's columns (template headers and accepted aliases), the per-row zod schema and the values
// an import writes. Pure: no database.
import { z } from "zod";
import { DA_STATUSES } from "../das/inputs.ts";
import { type Cell, cellText } from "../sheets/cells.ts";
import { choiceCell, dateCell, emailCell, phoneCell, textCell } from "./cells.ts";
import type { Column, Plan } from "./plan.ts";

export const DA_COLUMNS: readonly Column[] = [
  { field: "first_name", header: "First Name", aliases: ["First", "Given Name", "Firstname"] },
  { field: "last_name", header: "Last Name", aliases: ["Last", "Surname", "Family Name", "Lastname"] },
  { field: "email", header: "Email", aliases: ["E-mail", "Email Address", "E-mail Address"] },
  { field: "phone", header: "Phone", aliases: ["Mobile", "Mobile Number", "Phone Number", "Cell"] },
  {
    field: "transporter_id",
    header: "Transporter ID",
    aliases: ["Transporter", "TransporterId"],
    required: true,
  },
  { field: "badge", header: "Badge", aliases: ["Badge ID", "Badge Number"] },
  {
    field: "driver_license",
    header: "Driver License",
    aliases: [
      "Driver Licence",
      "Driver's License",
      "Driver's Licence",
      "License",
      "Licence",
      "License Number",
    ],
  },
  {
    field: "license_expiry",
    header: "License Expiry",
    aliases: [
      "Licence Expiry",
      "Driver License Expiry",
      "Driver Licence Expiry",
      "License Expiration",
      "Expiry",
    ],
  },
  { field: "station", header: "Station", aliases: ["Station Tag", "Station ID"] },
  { field: "agency", header: "Agency", aliases: ["Agency Name"] },
  { field: "status", header: "Status" },
];

export const TRANSPORTER_ID = /^A[A-Z0-9]{12,13}$/;

const transporterIdCell = z.custom<Cell>().transform((v, ctx): string => {
  const s = cellText(v)?.toUpperCase() ?? null;
  if (s === null) {
    ctx.addIssue({ code: "custom", message: "Required" });
    return z.NEVER;
  }
  if (!TRANSPORTER_ID.test(s)) {
    ctx.addIssue({
      code: "custom",
      message: `Not a transporter id (${s}): 'A' and 12 or 13 letters or digits`,
    });
    return z.NEVER;
  }
  return s;
});

export const daRow = z.object({
  first_name: textCell(100),
  last_name: textCell(100),
  email: emailCell(),
  phone: phoneCell(),
  transporter_id: transporterIdCell,
  badge: textCell(50),
  driver_license: textCell(50),
  license_expiry: dateCell(),
  station: textCell(50),
  agency: textCell(200),
  status: choiceCell(DA_STATUSES),
});
export type DaRow = z.infer<typeof daRow>;

/** The users columns an import writes, plus the station spot. */
export interface DaValues {
  firstName: string;
  lastName: string;
  email: string;
  mobileNumber: string | null;
  transporterId: string;
  badge: string | null;
  driverLicense: string | null;
  driverLicenseExpiry: string | null;
  status: number;
  agencyId: number | null;
  stationId: number | null;
}

export interface DaUpdateValues extends DaValues {
  /** The spot to write: an existing spot's id (moved or re-agencied), or null to insert one; absent = untouched. */
  spot?: { id: number | null; stationId: number; agencyId: number | null };
}

export type DaPlan = Plan<DaValues, DaUpdateValues>;
