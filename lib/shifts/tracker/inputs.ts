// The tracker grid's saved view (PUT api/settings/tracker-view/): a set, the column order, the columns
// switched off and the density. Unknown column ids are refused; normaliseView fills in the rest.
import { z } from "zod";
import { COLUMN_IDS, COLUMN_SETS, FROZEN_IDS } from "./calc-grid.ts";

const movable = COLUMN_IDS.filter((id) => !FROZEN_IDS.includes(id)) as [string, ...string[]];
const columnId = z.enum(movable, { error: "Not a tracker column that can be moved or hidden" });

export const trackerViewInput = z.object({
  set: z.enum(COLUMN_SETS),
  order: z.array(columnId).max(movable.length),
  hidden: z.array(columnId).max(movable.length),
  density: z.enum(["normal", "compact"]),
}).strict();
export type TrackerViewInput = z.infer<typeof trackerViewInput>;
