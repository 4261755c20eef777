import { endpoint, readJson } from "../../lib/web/endpoint.ts";
import { getWeights, patchWeights } from "../../lib/weights/queries.ts";
import { weightsPatch } from "../../lib/weights/inputs.ts";

/** The DA score bubble chart's thresholds (03 2.6). */
export const GET = endpoint("weights.read", ({ db }) => getWeights(db));

/** Changes either threshold; answers both. */
export const PATCH = endpoint(
  "weights.update",
  async ({ db, request }) => patchWeights(db, await readJson(request, weightsPatch)),
);
