// A user's saved screen views (table view_settings): read by the page that renders with it (no flash),
// written by PUT api/settings/tracker-view/. Each user reads and writes only their own row.
import { and, eq, sql } from "drizzle-orm";
import type { Db } from "../db/client.ts";
import { viewSettings } from "../settings/schema.ts";
import { normaliseView, type TrackerView } from "../shifts/tracker/calc-grid.ts";
import type { TrackerViewInput } from "../shifts/tracker/inputs.ts";

export const TRACKER_VIEW = "tracker";

/** The user's tracker view, made safe for today's columns (the default when none is saved). */
export async function loadTrackerView(db: Db, userId: number): Promise<TrackerView> {
  const [row] = await db.select({ value: viewSettings.value }).from(viewSettings)
    .where(and(eq(viewSettings.userId, userId), eq(viewSettings.view, TRACKER_VIEW)));
  return normaliseView(row?.value as Partial<TrackerView> | undefined);
}

/** Stores the user's tracker view (validated by trackerViewInput) and returns it as the page will read it. */
export async function saveTrackerView(db: Db, userId: number, input: TrackerViewInput): Promise<TrackerView> {
  const view = normaliseView(input);
  await db.insert(viewSettings).values({ userId, view: TRACKER_VIEW, value: view })
    .onConflictDoUpdate({
      target: [viewSettings.userId, viewSettings.view],
      set: { value: view, updatedAt: sql`now()` },
    });
  return view;
}
