// The demo's van invoices (issue 11 item 6): what the leasing companies billed for each van in this month
// and the two before it. Most invoices land within 5 % of the van's monthly rate (green on the fleet
// report), some do not (damage, mileage overage, a credit note: red), a few are missing, this month's are
// still coming in, and a van handed back has none after the month it was returned.
import { asc } from "drizzle-orm";
import type { Queryable } from "../../db/client.ts";
import { vanActualInvoices, vans } from "../../db/schema.ts";
import { dayjs } from "../../dates/dayjs.ts";
import { todayIn } from "../../dates/periods.ts";
import { getTimeZone } from "../../settings/queries.ts";
import { insertJsonRows } from "./bulk.ts";
import { DEMO_SEED, DemoRng } from "./random.ts";

export const INVOICE_MONTHS = 3;

/** An invoice for a van's rate: mostly on the rate or close to it, sometimes well off it. */
function invoiceFor(r: DemoRng, rateCents: number, rental: boolean): number {
  const x = r.float();
  if (x < 0.4) return rateCents;
  // Within 5 %: tolls, a prorated day (rentals wander more, still mostly inside the band).
  if (x < 0.85) return Math.round(rateCents * (1 + (r.float() * 2 - 1) * (rental ? 0.045 : 0.03)));
  // Outside: a damage or mileage charge, or a credit for days off the road.
  return Math.round(rateCents * (r.chance(0.7) ? 1 + 0.06 + r.float() * 0.2 : 1 - 0.07 - r.float() * 0.1));
}

/** Months as { month 1-12, year }, oldest first, ending with the current month. */
export function invoiceMonths(today: string): { month: number; year: number }[] {
  const d = dayjs(today);
  return Array.from({ length: INVOICE_MONTHS }, (_, i) => {
    const m = d.subtract(INVOICE_MONTHS - 1 - i, "month");
    return { month: m.month() + 1, year: m.year() };
  });
}

export async function seedVanInvoices(tx: Queryable, ownerId: number, now = new Date()): Promise<number> {
  const today = todayIn(await getTimeZone(tx), now);
  const r = new DemoRng(DEMO_SEED ^ 0x1a70c);
  const all = await tx.select().from(vans).orderBy(asc(vans.id));
  const months = invoiceMonths(today);
  const rows: (typeof vanActualInvoices.$inferInsert)[] = [];
  for (const [k, { month, year }] of months.entries()) {
    const current = k === months.length - 1;
    const start = dayjs(`${year}-${String(month).padStart(2, "0")}-01`);
    // Entered a few days into the next month; this month's as they arrive.
    const entered = current
      ? new Date(now.getTime() - 86_400_000)
      : start.add(1, "month").add(4, "day").toDate();
    for (const v of all) {
      if (!v.monthlyRateCents) continue;
      if (v.status === 3 && v.lastStatusChange && v.lastStatusChange < start.toDate()) continue;
      if (r.chance(current ? 0.45 : 0.05)) continue;
      rows.push({
        vanId: v.id,
        month,
        year,
        invoiceCents: invoiceFor(r, v.monthlyRateCents, v.ownership === 1),
        editedById: ownerId,
        modifiedAt: entered,
      });
    }
  }
  await insertJsonRows(tx, vanActualInvoices, rows);
  return rows.length;
}
