// `dsp`: the back office from a terminal, over the same lib as the server (database commands) and over
// its HTTP API (commands that need a signed-in user). Cron-friendly: no prompts, stdin is read only
// for --password-stdin, results on stdout (--json for scripts), exit code 0 done, 1 failed, 2 usage.
import process from "node:process";
import { Command, CommanderError } from "commander";
import { z } from "zod";
import { DomainError } from "../lib/errors.ts";
import { CliError, EXIT_FAILURE, EXIT_OK, EXIT_USAGE } from "./errors.ts";
import { setLogSink } from "../lib/log/logger.ts";
import { error, setJsonMode } from "./output.ts";
import { registerMigrate } from "./commands/migrate.ts";
import { registerUser } from "./commands/user.ts";
import { registerDemo } from "./commands/demo.ts";
import { registerSession } from "./commands/session.ts";
import { registerImport } from "./commands/import.ts";
import { registerFleetReport } from "./commands/fleet-report.ts";
import { registerPayroll } from "./commands/payroll.ts";
import { registerBackup } from "./commands/backup.ts";

const HELP_AFTER = `
Exit codes: 0 done, 1 failed, 2 wrong usage.
Environment:
  DATABASE_URL     PostgreSQL to use (database commands); without it, the embedded database in
  DATA_DIR         (default ./data), which only one process may open at a time: stop the server first
  DSP_CREDENTIALS  where login keeps its tokens (default ~/.config/dsp/credentials.json)`;

export function buildProgram(): Command {
  const program = new Command("dsp")
    .description("DSP Back Office command line")
    .option("--json", "print results as JSON (errors too, on stderr)")
    .exitOverride()
    .showSuggestionAfterError()
    .showHelpAfterError("(run with --help for usage)")
    .addHelpText("after", HELP_AFTER);
  program.hook("preAction", (_program, action) => setJsonMode(!!action.optsWithGlobals().json));
  registerMigrate(program);
  registerUser(program);
  registerDemo(program);
  registerSession(program);
  registerImport(program);
  registerFleetReport(program);
  registerPayroll(program);
  registerBackup(program);
  return program;
}

/** Option names as typed on the command line, for validation messages. */
const OPTION_OF: Record<string, string> = { stations: "--station", password: "password" };
const optionName = (key: string) => OPTION_OF[key] ?? `--${key.replaceAll("_", "-")}`;

function describeZod(e: z.core.$ZodError): string {
  return e.issues.map((i) => (i.path.length ? `${optionName(String(i.path[0]))}: ${i.message}` : i.message))
    .join("; ");
}

/** Prints the failure and returns the exit code. */
export function report(e: unknown): number {
  if (e instanceof CommanderError) return e.exitCode === 0 ? EXIT_OK : EXIT_USAGE; // commander has printed it
  if (e instanceof z.core.$ZodError) {
    error(describeZod(e));
    return EXIT_USAGE;
  }
  if (e instanceof CliError) {
    error(e.message);
    return e.exitCode;
  }
  if (e instanceof DomainError) {
    error(e.message);
    return EXIT_FAILURE;
  }
  error((e as Error)?.message ?? String(e));
  if (process.env.DSP_DEBUG) console.error(e);
  return EXIT_FAILURE;
}

export async function run(argv: string[]): Promise<number> {
  setJsonMode(argv.includes("--json"));
  // stdout carries results only, so log lines go to stderr; and a command's own figures (an import per
  // demo file) are noise to a terminal: warnings and errors only, unless LOG_LEVEL asks for more.
  const restoreLog = setLogSink((line) => console.error(line), {
    level: process.env.LOG_LEVEL ? undefined : "warn",
  });
  try {
    await buildProgram().parseAsync(argv, { from: "user" });
    return EXIT_OK;
  } catch (e) {
    return report(e);
  } finally {
    restoreLog();
  }
}

if (import.meta.main) {
  process.exit(await run(process.argv.slice(2)));
}
