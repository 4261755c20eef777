// GET/PATCH api/weights/ (01 section 7, 03 "weights"): the two thresholds of the DA score bubble chart
// (03 2.6): team_player_min and road_runner_min, scores from 0 to 100.
import { z } from "zod";

const score = (what: string) =>
  z.number({ message: `${what}: a number from 0 to 100` }).int(`${what}: a whole number`).min(
    0,
    `${what}: 0 or more`,
  )
    .max(100, `${what}: at most 100`);

export const weightsPatch = z.object({
  team_player_min: score("team_player_min").optional(),
  road_runner_min: score("road_runner_min").optional(),
}).strict();
export type WeightsPatch = z.infer<typeof weightsPatch>;

export interface WeightsDto {
  team_player_min: number;
  road_runner_min: number;
}

export const DEFAULT_WEIGHTS: WeightsDto = { team_player_min: 50, road_runner_min: 50 };
