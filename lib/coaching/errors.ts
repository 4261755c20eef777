// Coaching drafts' refusals (codes `coaching.*`).
import { DomainError } from "../errors.ts";

export const COACHING = {
  draftNotFound: "coaching.draft_not_found",
  alreadySent: "coaching.already_sent",
} as const;

export const draftNotFound = () =>
  new DomainError(COACHING.draftNotFound, "not_found", "There is no such coaching draft at your stations.");

export const alreadySent = () =>
  new DomainError(COACHING.alreadySent, "conflict", "This draft was sent already; it can no longer change.");
