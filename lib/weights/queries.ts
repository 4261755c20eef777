// The weights live in org_settings under 'weights' (one organisation-wide pair, no table of their own).
import type { Queryable } from "../db/client.ts";
import { getSetting, setSetting } from "../settings/queries.ts";
import { DEFAULT_WEIGHTS, type WeightsDto, type WeightsPatch } from "./inputs.ts";

const KEY = "weights";

export async function getWeights(db: Queryable): Promise<WeightsDto> {
  const stored = await getSetting<Partial<WeightsDto>>(db, KEY);
  return { ...DEFAULT_WEIGHTS, ...(stored ?? {}) };
}

/** Changes the fields given and answers the whole pair. */
export async function patchWeights(db: Queryable, patch: WeightsPatch): Promise<WeightsDto> {
  const next = { ...(await getWeights(db)), ...patch };
  await setSetting(db, KEY, next);
  return next;
}
