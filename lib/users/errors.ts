// The refusals of a signed-in user's own account and settings (codes `user.*`).
import { DomainError } from "../errors.ts";

export const USER = {
  unknownMenuEntries: "user.unknown_menu_entries",
} as const;

export const unknownMenuEntries = (keys: readonly string[]) =>
  new DomainError(USER.unknownMenuEntries, "invalid", `Unknown menu entries: ${keys.join(", ")}`, {
    field: "hidden",
  });
