// The scoreboard's refusals (codes `scoreboard.*`).
import { DomainError } from "../errors.ts";

export const SCOREBOARD = {
  rowNotFound: "scoreboard.row_not_found",
  noDa: "scoreboard.no_da",
} as const;

export const rowNotFound = () =>
  new DomainError(SCOREBOARD.rowNotFound, "not_found", "There is no such scoreboard row at your stations.");

export const noDa = (tid: string) =>
  new DomainError(
    SCOREBOARD.noDa,
    "invalid",
    `No DA holds transporter id ${tid} yet: link it on the Import page first.`,
  );
