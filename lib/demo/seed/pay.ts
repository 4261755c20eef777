// Pay in the demo (issue 11 item 6): what the payroll screen multiplies the schedule's hours by. DAs drew
// their own rate per hour with the rest of their record (drivers.ts: 18.00-24.00 $/h); the back-office
// staff who appear in the schedule get theirs here, and the staffing agency its rate per hour worked.
import { eq } from "drizzle-orm";
import type { Queryable } from "../../db/client.ts";
import { agencies, users } from "../../db/schema.ts";
import type { DemoAgencies } from "./organisation.ts";
import type { DemoStaff } from "./staff.ts";

/** Cents per hour. The owner is not on the payroll. */
export const STAFF_RATES = { dispatcher: 2_600, supervisor: 2_850, manager: 3_400 } as const;

/**
 * Summit Staffing bills 26.75 $/h for each hour its DAs work. Direct Hire stays null: the DSP employs those
 * DAs itself and pays no agency (the schema's "null = no agency pay").
 */
export const AGENCY_RATE_CENTS = 2_675;

export async function seedPayRates(tx: Queryable, staff: DemoStaff, agencyIds: DemoAgencies): Promise<void> {
  const set = (id: number, cents: number) =>
    tx.update(users).set({ ratePerHourCents: cents }).where(eq(users.id, id));
  await set(staff.dispatcherId, STAFF_RATES.dispatcher);
  await set(staff.supervisorId, STAFF_RATES.supervisor);
  await set(staff.managerId, STAFF_RATES.manager);
  await tx.update(agencies).set({ payRatePerHourCents: AGENCY_RATE_CENTS })
    .where(eq(agencies.id, agencyIds.staffingId));
}
