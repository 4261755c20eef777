import process from "node:process";
import { UsageError } from "./errors.ts";

export interface PasswordOptions {
  passwordStdin?: boolean;
  passwordEnv?: string;
}

export const PASSWORD_OPTIONS_HELP = "--password-stdin (pipe it in) or --password-env VAR";

/**
 * The password, from a pipe or an environment variable; never from an argument (other users can read
 * those in the process list) and never from a prompt (cron has no one to answer it).
 */
export async function readPassword(opts: PasswordOptions): Promise<string> {
  if (opts.passwordStdin && opts.passwordEnv) {
    throw new UsageError("Give either --password-stdin or --password-env, not both.");
  }
  if (opts.passwordEnv) {
    const value = process.env[opts.passwordEnv];
    if (value === undefined || value === "") {
      throw new UsageError(`The environment variable ${opts.passwordEnv} (from --password-env) is not set.`);
    }
    return value;
  }
  if (opts.passwordStdin) {
    if (Deno.stdin.isTerminal()) {
      throw new UsageError(
        "--password-stdin reads the password from a pipe, but standard input is a terminal.",
      );
    }
    // One trailing line break (from `echo` or a file) is not part of the password.
    const text = (await new Response(Deno.stdin.readable).text()).replace(/\r?\n$/, "");
    if (!text) throw new UsageError("--password-stdin: standard input was empty.");
    return text;
  }
  throw new UsageError(`A password is required: use ${PASSWORD_OPTIONS_HELP}.`);
}
