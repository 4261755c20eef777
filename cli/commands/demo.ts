import type { Command } from "commander";
import { eq } from "drizzle-orm";
import { orgSettings, stations, users } from "../../lib/db/schema.ts";
import { prepareDatabase } from "../../lib/boot/database.ts";
import { DEMO_ACCOUNTS, DEMO_ORG_NAME, DEMO_PASSWORD, seedDemo } from "../../lib/demo/seed.ts";
import { databaseLabel, withDatabase } from "../database.ts";
import { CliError } from "../errors.ts";
import { result, warn } from "../output.ts";
import { generateScale } from "../../lib/demo/scale.ts";

/** A whole number from `min` to `max`, or a CliError naming the option. */
function wholeNumber(option: string, raw: string, min: number, max: number): number {
  const n = Number(raw);
  if (!Number.isInteger(n) || n < min || n > max) {
    throw new CliError(`${option}: a whole number from ${min} to ${max}.`);
  }
  return n;
}

const plural = (n: number, word: string) => `${n} ${word}${n === 1 ? "" : "s"}`;

export const DEMO_WARNING =
  `The demo accounts share the published password "${DEMO_PASSWORD}": never load the demo where real data lives or where others can reach it.`;

export function registerDemo(program: Command): void {
  const demo = program.command("demo").description("The demo organisation (sample data, known passwords)");
  demo.command("load")
    .description("Load the demo organisation into an empty database")
    .action(async () => {
      const out = await withDatabase(async (h) => {
        const [marker] = await h.db.select({ key: orgSettings.key }).from(orgSettings).where(
          eq(orgSettings.key, "demo"),
        );
        if (marker) throw new CliError(`The demo organisation is already loaded in the ${databaseLabel()}.`);
        const userCount = await h.db.$count(users);
        const stationCount = await h.db.$count(stations);
        if (userCount > 0 || stationCount > 0) {
          throw new CliError(
            `The ${databaseLabel()} is not empty (${plural(userCount, "user")}, ${
              plural(stationCount, "station")
            }): ` +
              `the demo organisation can only be loaded into an empty database.`,
          );
        }
        await prepareDatabase(h, { demo: false });
        const seeded = await seedDemo(h.db);
        const accounts = DEMO_ACCOUNTS.map((a) => ({ email: a.email, role: a.role }));
        return { organisation: DEMO_ORG_NAME, users: seeded.users, vans: seeded.vans, accounts };
      });
      result({ ...out, password: DEMO_PASSWORD, warning: DEMO_WARNING }, [
        `Loaded ${out.organisation} into the ${databaseLabel()}: ${out.users} users, ${out.vans} vans.`,
        `Sign in as ${out.accounts.map((a) => a.email).join(", ")} (password ${DEMO_PASSWORD}).`,
      ]);
      warn(DEMO_WARNING);
    });
  demo.command("scale")
    .description(
      "Add stations and years of history (shifts, budgets, schedule, scorecard weeks, Falcon plans) for sizing",
    )
    .option("--stations <N>", "stations in total, the demo's included", "50")
    .option("--years <Y>", "years of history up to yesterday", "3")
    .option("--routes <R>", "shift records per station and day", "55")
    .action(async (o: { stations: string; years: string; routes: string }) => {
      const opts = {
        stations: wholeNumber("--stations", o.stations, 1, 500),
        years: wholeNumber("--years", o.years, 1, 10),
        routes: wholeNumber("--routes", o.routes, 1, 200),
      };
      const started = performance.now();
      const out = await withDatabase((h) => generateScale(h.db, opts));
      const seconds = Math.round((performance.now() - started) / 100) / 10;
      result({ ...out, seconds }, [
        `Added ${out.reports} shift reports and ${out.records} shift records (${out.from} to ${out.to}), ` +
        `${out.plans} Falcon plans and ${out.comments} comments; ` +
        `${out.stations} stations in the ${databaseLabel()}, in ${seconds} s.`,
      ]);
    });
}
