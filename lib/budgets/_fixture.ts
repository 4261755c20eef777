// A small organisation for the budget tests (not shipped code): three stations, a manager on two of them,
// an owner on all three, and a budget of the current month plus one of the month before.
import type { Queryable } from "../db/client.ts";
import { makeSpot, makeStation, makeUser } from "../demo/factories.ts";
import { loadViewer } from "../users/current-user.ts";
import { stepPeriod, todayIn } from "../dates/periods.ts";
import { getTimeZone } from "../settings/queries.ts";
import { budgets } from "./schema.ts";
import { monthOfDay } from "./policy.ts";

export async function budgetFixture(db: Queryable) {
  const [s1, s2, s3] = [await makeStation(db), await makeStation(db), await makeStation(db)];
  const staff = async (role: number, stations: number[]) => {
    const u = await makeUser(db, { role });
    for (const s of stations) await makeSpot(db, u.id, s);
    return (await loadViewer(db, u.id, null))!;
  };
  const manager = await staff(3, [s1.id, s2.id]);
  const owner = await staff(4, [s1.id, s2.id, s3.id]);
  const today = todayIn(await getTimeZone(db));
  const now = monthOfDay(today);
  const last = stepPeriod("month", now, -1);
  const add = async (stationId: number, m: { month: number; year: number }, n: number) => {
    const [b] = await db.insert(budgets).values({
      stationId,
      ...m,
      routes: n,
      deliveries: n * 100,
      das: n,
      fleet: n,
    })
      .returning({ id: budgets.id });
    return b.id;
  };
  const current = await add(s1.id, now, 20);
  const previous = await add(s1.id, last, 18);
  const far = await add(s3.id, now, 30);
  return { stations: [s1, s2, s3], manager, owner, today, now, last, budgets: { current, previous, far } };
}
