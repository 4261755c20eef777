// Fleet reports' refusals (codes `fleet_report.*`) with the words a person reads; the edge picks the status.
import { DomainError } from "../errors.ts";

export const FLEET_REPORT = {
  invalidInvoice: "fleet_report.invalid_invoice",
  vanNotFound: "fleet_report.van_not_found",
  futureMonth: "fleet_report.future_month",
  importInvalid: "fleet_report.import_invalid",
  importEmpty: "fleet_report.import_empty",
  importUnreadable: "fleet_report.import_unreadable",
} as const;

export const INVOICE_RULE =
  "a number of dollars of 0 or more with at most 2 decimals, such as 1250 or 1250.50";

export const invalidInvoice = (why = `The invoice must be ${INVOICE_RULE}.`) =>
  new DomainError(FLEET_REPORT.invalidInvoice, "invalid", why, { field: "invoice" });

/** A van that does not exist or is not at the viewer's stations: the two are indistinguishable. */
export const vanNotFound = (number: string) =>
  new DomainError(FLEET_REPORT.vanNotFound, "not_found", `There is no van ${number} at your stations.`, {
    field: "vanNumber",
  });

export const futureMonth = (label: string) =>
  new DomainError(
    FLEET_REPORT.futureMonth,
    "invalid",
    `${label} has not begun: invoices can be entered up to the current month.`,
    { field: "month" },
  );

export interface ImportProblem {
  /** The file's line (1 = the header). */
  line: number;
  message: string;
}

/** Nothing was imported: every line at fault is named (all-or-nothing). */
export const importInvalid = (problems: ImportProblem[]) => {
  const shown = problems.slice(0, 5).map((p) => `line ${p.line}: ${p.message}`).join("; ");
  const more = problems.length > 5 ? `; and ${problems.length - 5} more` : "";
  const lines = problems.length === 1 ? "1 line is" : `${problems.length} lines are`;
  return new DomainError(
    FLEET_REPORT.importInvalid,
    "invalid",
    `Nothing was imported: ${lines} wrong (${shown}${more}).`,
    { data: { problems } },
  );
};

export const importEmpty = () =>
  new DomainError(FLEET_REPORT.importEmpty, "invalid", "The file holds no invoice lines under its header.", {
    field: "file",
  });

export const importUnreadable = (why: string) =>
  new DomainError(FLEET_REPORT.importUnreadable, "invalid", `The file cannot be read as CSV: ${why}.`, {
    field: "file",
  });
