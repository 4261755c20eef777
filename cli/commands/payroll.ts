// `dsp payroll export`: the payroll xlsx of a period, as the /payroll page's download icon saves it. It
// fetches the very endpoint the page uses (GET /api/payroll/export/) with the stored token and writes the
// bytes it answers, unchanged: the same query gives the same file, byte for byte.
import { resolve } from "node:path";
import type { Command } from "commander";
import { z } from "zod";
import { ApiError, apiFetch, errorDetail } from "../client.ts";
import { UsageError } from "../errors.ts";
import { result } from "../output.ts";
import { writeWholeFile } from "../files.ts";

export interface PayrollExportOptions {
  period?: string;
  week?: string;
  year?: string;
  from?: string;
  to?: string;
  month?: string;
  station?: string;
  user?: string;
  role?: string;
  status?: string;
  kind?: string;
  view?: string;
  output?: string;
}

const day = z.string().regex(/^\d{4}-\d{2}-\d{2}$/, "a date YYYY-MM-DD");
const options = z.object({
  period: z.enum(["week", "two_week", "month"]).optional(),
  week: z.coerce.number().int().min(1, "a week from 1 to 53").max(53, "a week from 1 to 53").optional(),
  year: z.coerce.number().int().min(2000).max(2100).optional(),
  from: day.optional(),
  to: day.optional(),
  month: z.string().regex(/^\d{4}-(0?[1-9]|1[0-2])$/, "a month YYYY-MM").optional(),
  station: z.string().trim().regex(/^[A-Za-z0-9]{1,10}$/, "a station tag such as DON9, or All").optional(),
  user: z.string().regex(/^\d+$/, "a user id").optional(),
  role: z.string().regex(/^(all|\d{1,2})$/, "all or a schedule role id").optional(),
  status: z.enum(["all", "1", "5"]).optional(),
  kind: z.enum(["table", "all"]).optional(),
  view: z.enum(["total", "da"]).optional(),
  output: z.string().min(1).optional(),
});

/** The endpoint's query for the command line's options (weeks typed as shown, sent zero-based). */
export function exportQueryOf(raw: PayrollExportOptions): URLSearchParams {
  const o = options.parse(raw);
  const period = o.period ?? (o.from ? "two_week" : o.month ? "month" : "week");
  const q = new URLSearchParams({ period });
  if (period === "week") {
    if (o.week === undefined || o.year === undefined) {
      throw new UsageError("--week and --year are needed for a week.");
    }
    q.set("week", String(o.week - 1));
    q.set("year", String(o.year));
  } else if (period === "two_week") {
    if (!o.from) throw new UsageError("--from (the first Sunday) is needed for two weeks.");
    q.set("date_from", o.from);
    const to = new Date(`${o.from}T00:00:00Z`);
    to.setUTCDate(to.getUTCDate() + 13);
    q.set("date_to", o.to ?? to.toISOString().slice(0, 10));
  } else {
    if (!o.month) throw new UsageError("--month YYYY-MM is needed for a month.");
    const [year, month] = o.month.split("-");
    q.set("month", String(Number(month)));
    q.set("year", year);
  }
  q.set("is_active_offboarded", "true");
  q.set("station", o.station ?? "All");
  if (o.user) q.set("user", o.user);
  q.set("role", o.role ?? "all");
  q.set("status", o.status ?? "1");
  q.set("kind", o.kind ?? "table");
  q.set("view", o.view ?? "total");
  return q;
}

/** The file name in the server's content-disposition. */
function serverFileName(res: Response): string {
  const m = /filename="([^"]+)"/.exec(res.headers.get("content-disposition") ?? "");
  return m?.[1] ?? "Payroll.xlsx";
}

export async function payrollExport(raw: PayrollExportOptions): Promise<{ file: string; bytes: number }> {
  const path = `/api/payroll/export/?${exportQueryOf(raw)}`;
  const res = await apiFetch(path);
  if (!res.ok) {
    const { message, body } = await errorDetail(res);
    throw new ApiError(
      res.status,
      res.status === 403 ? `${message} (payroll is for the owner role)` : message,
      body,
    );
  }
  const bytes = new Uint8Array(await res.arrayBuffer());
  const file = resolve(raw.output ?? serverFileName(res));
  await writeWholeFile(file, bytes);
  return { file, bytes: bytes.length };
}

export function registerPayroll(program: Command): void {
  const payroll = program.command("payroll").description("Payroll (owner only)");
  payroll.command("export")
    .description("Save the payroll xlsx of a week, two weeks or a month, as the /payroll page downloads it")
    .option("--period <kind>", "week, two_week or month (inferred from the options below when left out)")
    .option("--week <N>", "the week as shown (1-53), with --year")
    .option("--year <Y>", "the year of --week")
    .option("--from <date>", "two weeks: the first Sunday, YYYY-MM-DD")
    .option("--to <date>", "two weeks: the last Saturday (default --from + 13 days)")
    .option("--month <YYYY-MM>", "a month")
    .option("--station <TAG>", "a station tag, or All (default)")
    .option("--user <id>", "only this user's rows")
    .option("--role <role>", "all (default) or a schedule role id (0 is Standard)")
    .option("--status <status>", "all, 1 (Active, the default) or 5 (Off Boarded)")
    .option("--kind <kind>", "table (default): the filtered rows ('Download Table'); all: every row")
    .option("--view <view>", "total (default): one row per DA; da: each DA's rows and 'Total Hours'")
    .option("-o, --output <file>", "where to write (default: the server's file name, here)")
    .action(async (opts: PayrollExportOptions) => {
      const out = await payrollExport(opts);
      result(out, [`Wrote ${out.file} (${out.bytes} bytes).`]);
    });
}
