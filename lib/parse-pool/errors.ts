// The refusals of the parse pool (codes `parse.*`): a file that needs more time or memory than one upload
// may take to read. The file is at fault (400, under `file`); the worker that tried is already replaced.
import { DomainError } from "../errors.ts";

export const PARSE = {
  tooSlow: "parse.too_slow",
  tooBig: "parse.too_big",
  unavailable: "parse.unavailable",
} as const;

export const tooSlow = (seconds: number) =>
  new DomainError(
    PARSE.tooSlow,
    "invalid",
    `The file took longer than ${seconds} s to read, so it was refused. Check that it is the right file; ` +
      "a weekly file reads in a few seconds.",
    { field: "file", data: { limit_seconds: seconds } },
  );

export const tooBig = (mb: number) =>
  new DomainError(
    PARSE.tooBig,
    "invalid",
    `The file needs more than ${mb} MB to read, so it was refused. Check that it is the right file.`,
    { field: "file", data: { limit_mb: mb } },
  );

export const parserUnavailable = (why: string) =>
  new DomainError(PARSE.unavailable, "unavailable", `Files cannot be read right now (${why}); try again.`);
