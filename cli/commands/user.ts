import type { Command } from "commander";
import { z } from "zod";
import { STAFF_ROLE_HELP, staffCreateInput, staffPassword } from "../../lib/staff/inputs.ts";
import { createStaff } from "../../lib/staff/mutations.ts";
import { ROLE_NAMES } from "../../lib/auth/roles.ts";
import { stationsByRef } from "../../lib/stations/queries.ts";
import { databaseLabel, withDatabase } from "../database.ts";
import { PASSWORD_OPTIONS_HELP, readPassword } from "../password.ts";
import { result } from "../output.ts";

/** `--station A --station B` and `--station A,B` both collect into one list. */
const collect = (
  value: string,
  previous: string[] = [],
) => [...previous, ...value.split(",").map((s) => s.trim()).filter(Boolean)];

/** The command line of `user create`: the account's own fields, stations by id or tag, and the password. */
const commandLine = staffCreateInput.omit({ station_spots: true, mobile_number: true }).extend({
  stations: z.array(z.string().trim().min(1)).max(100),
  password: staffPassword,
});

interface CreateOptions {
  email: string;
  firstName: string;
  lastName: string;
  role: string;
  station?: string[];
  passwordStdin?: boolean;
  passwordEnv?: string;
}

export function registerUser(program: Command): void {
  const user = program.command("user").description("Manage back-office accounts");
  user.command("create")
    .description("Create a staff account (roles 1-4): how a new install gets its first owner")
    .requiredOption("--email <email>", "sign-in e-mail")
    .requiredOption("--first-name <name>", "first name")
    .requiredOption("--last-name <name>", "last name")
    .requiredOption("--role <role>", `role: ${STAFF_ROLE_HELP}`)
    .option(
      "--station <id or tag>",
      "a station the account works at (repeat, or separate with commas)",
      collect,
    )
    .option("--password-stdin", "read the password from standard input (one line)")
    .option("--password-env <VAR>", "read the password from the environment variable VAR")
    .addHelpText(
      "after",
      `\nThe password (at least 8 characters) comes from ${PASSWORD_OPTIONS_HELP}.\n` +
        `Example:\n  printf '%s' "$OWNER_PASSWORD" | dsp user create --email owner@example.com \\\n` +
        `    --first-name Olivia --last-name Owner --role owner --station DON9 --password-stdin`,
    )
    .action(async (opts: CreateOptions) => {
      const password = await readPassword(opts);
      // Wrong input is a usage error, found before the database is opened (and its lock taken).
      const { stations: refs, password: pw, ...account } = commandLine.parse({
        email: opts.email,
        first_name: opts.firstName,
        last_name: opts.lastName,
        role: opts.role,
        stations: opts.station ?? [],
        password,
      });
      const created = await withDatabase(async (h) => {
        const stations = await stationsByRef(h.db, refs);
        const spots = stations.map((s) => ({ station: s.id, agency: null, fleet_groups: [] }));
        const id = await createStaff(h.db, { password: pw }, {
          ...account,
          mobile_number: null,
          station_spots: spots,
        });
        return { id, ...account, role_name: ROLE_NAMES[account.role], stations };
      });
      result(created, [
        `Created ${created.role_name} ${created.first_name} ${created.last_name} <${created.email}> (id ${created.id}) in the ${databaseLabel()}.`,
        created.stations.length
          ? `Stations: ${created.stations.map((s) => `${s.tag} (${s.title})`).join(", ")}`
          : "Stations: none yet (the account sees no station's data until it has one).",
      ]);
    });
}
