// The IKEA check screens' refusals (codes `ikea.*`) with the words a person reads.
import { DomainError } from "../errors.ts";

export const IKEA = {
  notFound: "ikea.not_found",
  managementOnly: "ikea.management_only",
} as const;

export const ikeaNotFound = () =>
  new DomainError(IKEA.notFound, "not_found", "There is no such IKEA week at your stations.");

export const ikeaManagementOnly = () =>
  new DomainError(
    IKEA.managementOnly,
    "forbidden",
    "Only supervisors, managers and owners type the IKEA figures.",
  );
