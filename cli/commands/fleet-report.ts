// `dsp fleet-report export --month YYYY-MM -o file.xlsx` and `dsp fleet-report invoices import file.csv
// --month YYYY-MM`: the page's Download and its CSV import, against the signed-in server. The export saves
// the endpoint's bytes as they come, so the file is the page's file, byte for byte.
import { basename } from "node:path";
import type { Command } from "commander";
import type { InvoiceImportDto } from "../../lib/fleet-reports/dto.ts";
import type { ImportProblem } from "../../lib/fleet-reports/errors.ts";
import { parseMonthParam } from "../../lib/fleet-reports/inputs.ts";
import { ApiError, apiFetch, errorDetail } from "../client.ts";
import { CliError, UsageError } from "../errors.ts";
import { result } from "../output.ts";
import { writeWholeFile } from "../files.ts";

function monthOption(raw: string | undefined): { year: number; month: number } {
  const m = raw ? parseMonthParam(raw) : null;
  if (!m) throw new UsageError(`--month: "${raw ?? ""}" is not a month such as 2026-11.`);
  return m;
}

/** A refusal as the server words it; 403 says whose door it is. */
async function refusal(res: Response, path: string): Promise<ApiError> {
  const { message, body } = await errorDetail(res);
  const text = res.status === 403 ? `${message} (${path} is for the owner role only)` : message;
  return new ApiError(res.status, text, body);
}

export async function exportReport(opts: { month?: string; output?: string; search?: string }) {
  const m = monthOption(opts.month);
  const q = new URLSearchParams({ month: String(m.month), year: String(m.year) });
  if (opts.search) q.set("search", opts.search);
  const path = "/api/fleet-reports/export/";
  const res = await apiFetch(`${path}?${q}`);
  if (!res.ok) throw await refusal(res, path);
  const bytes = new Uint8Array(await res.arrayBuffer());
  // Without -o, the name the server gives the download ('Fleet report M11-2026.xlsx').
  const named = /filename="([^"]+)"/.exec(res.headers.get("content-disposition") ?? "")?.[1];
  const file = opts.output ?? basename(named ?? `Fleet report M${m.month}-${m.year}.xlsx`);
  await writeWholeFile(file, bytes);
  return { file, bytes: bytes.length, month: m.month, year: m.year };
}

export async function importInvoiceFile(file: string, opts: { month?: string }) {
  const m = monthOption(opts.month);
  let bytes: Uint8Array;
  try {
    bytes = await Deno.readFile(file);
  } catch (e) {
    throw new CliError(`Cannot read ${file}: ${(e as Error).message.split(",")[0]}.`);
  }
  const form = new FormData();
  form.append("file", new Blob([bytes as BlobPart], { type: "text/csv" }), basename(file));
  form.append("month", String(m.month));
  form.append("year", String(m.year));
  const path = "/api/fleet-reports/invoices/import/";
  const res = await apiFetch(path, { method: "POST", body: form });
  if (!res.ok) {
    const err = await refusal(res, path);
    const problems = (err.body as { problems?: ImportProblem[] } | null)?.problems;
    if (Array.isArray(problems) && problems.length) {
      const lines = problems.map((p) => `  line ${p.line}: ${p.message}`).join("\n");
      throw new CliError(`Nothing was imported from ${basename(file)}; fix these lines:\n${lines}`);
    }
    throw err;
  }
  return await res.json() as InvoiceImportDto;
}

export function registerFleetReport(program: Command): void {
  const cmd = program.command("fleet-report").description(
    "Fleet reports: the month's xlsx, invoices from CSV",
  );
  cmd.command("export")
    .description("Save a month's fleet report as .xlsx (the page's Download)")
    .requiredOption("--month <YYYY-MM>", "the month, such as 2026-11")
    .option("-o, --output <file>", "where to write it (default 'Fleet report M{month}-{year}.xlsx')")
    .option("--search <text>", "only vans whose number, plate or VIN holds this (the page's 'Van' box)")
    .action(async (opts: { month: string; output?: string; search?: string }) => {
      const r = await exportReport(opts);
      result(r, [`Saved ${r.file} (${r.bytes.toLocaleString("en-US")} bytes).`]);
    });
  cmd.command("invoices")
    .description("Actual invoices")
    .command("import")
    .description("Load a month's invoices from a CSV in one go (all or nothing)")
    .argument("<file>", "a CSV with a 'Van' (or 'VIN') column and an 'Invoice' column")
    .requiredOption("--month <YYYY-MM>", "the month the invoices are for, such as 2026-11")
    .action(async (file: string, opts: { month: string }) => {
      const r = await importInvoiceFile(file, opts);
      result(r, [
        `Imported ${r.rows} invoices for ${r.year}-${String(r.month).padStart(2, "0")}: ` +
        `${r.created} new, ${r.updated} replaced.`,
      ]);
    });
}
