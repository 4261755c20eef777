// What the CLI's exit code means: 0 done, 1 failed, 2 the command line was wrong.
export const EXIT_OK = 0;
export const EXIT_FAILURE = 1;
export const EXIT_USAGE = 2;

/** A failure with a message meant for the person at the terminal (no stack trace). */
export class CliError extends Error {
  constructor(message: string, public exitCode: number = EXIT_FAILURE) {
    super(message);
    this.name = "CliError";
  }
}

/** The command line itself is wrong: exit code 2. */
export class UsageError extends CliError {
  constructor(message: string) {
    super(message, EXIT_USAGE);
    this.name = "UsageError";
  }
}
