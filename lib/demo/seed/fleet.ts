// The demo fleet: 80 vans by the stations' fleet plans (makes, plates, VINs with correct check digits, rates),
// a few out of service or handed back, and the rabbit and dolly scanners.
import type { Tx } from "../../db/client.ts";
import { scanners, vans } from "../../db/schema.ts";
import { DEMO_SCANNERS_PER_KIND, DEMO_STATIONS, FLEET_PLAN } from "./accounts.ts";
import { type SeedContext, utcDay } from "./context.ts";
import { type DemoRng, DIGITS, PLATE_LETTERS } from "./random.ts";
import type { DemoVanGroups } from "./organisation.ts";
import type { DemoStaff } from "./staff.ts";

type VanModel = { company: string; model: string; wmi: string; rateCents: number; years: number[] };

/** By fleet size id (FLEET_SIZES). Rates are what the DSP pays per month. */
const VAN_MODELS: Record<number, VanModel[]> = {
  1: [
    { company: "Ford", model: "Transit 250", wmi: "1FT", rateCents: 119_500, years: [2021, 2022, 2023] },
    { company: "Ram", model: "ProMaster 2500", wmi: "3C6", rateCents: 115_000, years: [2021, 2022, 2023] },
    {
      company: "Mercedes-Benz",
      model: "Sprinter 2500",
      wmi: "W1Y",
      rateCents: 139_500,
      years: [2022, 2023],
    },
  ],
  2: [
    { company: "Ford", model: "Transit 350 HD", wmi: "1FT", rateCents: 129_500, years: [2022, 2023] },
    { company: "Ram", model: "ProMaster 3500", wmi: "3C6", rateCents: 126_500, years: [2022, 2023] },
  ],
  3: [
    { company: "Ford", model: "E-450 Cutaway", wmi: "1FD", rateCents: 185_000, years: [2021, 2022] },
    { company: "Isuzu", model: "NPR-HD", wmi: "54D", rateCents: 192_500, years: [2022, 2023] },
  ],
  4: [
    { company: "Rivian", model: "EDV 700", wmi: "7FC", rateCents: 145_000, years: [2023, 2024] },
    { company: "Rivian", model: "EDV 500", wmi: "7FC", rateCents: 139_000, years: [2023, 2024] },
  ],
  5: [
    { company: "Ford", model: "Transit 250", wmi: "1FT", rateCents: 0, years: [2023, 2024] },
    { company: "Ram", model: "ProMaster 2500", wmi: "3C6", rateCents: 0, years: [2023, 2024] },
  ],
  6: [
    { company: "Ford", model: "Transit 150", wmi: "1FT", rateCents: 109_500, years: [2022, 2023] },
    { company: "Ram", model: "ProMaster 1500", wmi: "3C6", rateCents: 105_000, years: [2022, 2023] },
  ],
};

const VIN_CHARS = "ABCDEFGHJKLMNPRSTUVWXYZ0123456789"; // no I, O, Q

const VIN_YEAR: Record<number, string> = { 2021: "M", 2022: "N", 2023: "P", 2024: "R", 2025: "S" };

/** A 17-character VIN with a correct check digit (position 9). */
function makeVin(rng: DemoRng, wmi: string, year: number, serial: number): string {
  const body = wmi + rng.chars(5, VIN_CHARS) + "0" + VIN_YEAR[year] +
    rng.chars(1, PLATE_LETTERS) +
    String(serial).padStart(6, "0");
  const value = (c: string): number => {
    if (c >= "0" && c <= "9") return Number(c);
    return "ABCDEFGH".includes(c)
      ? "ABCDEFGH".indexOf(c) + 1
      : "JKLMN".includes(c)
      ? "JKLMN".indexOf(c) + 1
      : c === "P"
      ? 7
      : c === "R"
      ? 9
      : "STUVWXYZ".indexOf(c) + 2;
  };
  const weights = [8, 7, 6, 5, 4, 3, 2, 10, 0, 9, 8, 7, 6, 5, 4, 3, 2];
  let sum = 0;
  for (let i = 0; i < 17; i++) sum += value(body[i]) * weights[i];
  const check = sum % 11 === 10 ? "X" : String(sum % 11);
  return body.slice(0, 8) + check + body.slice(9);
}

type VanRow = typeof vans.$inferInsert;

/** Plates nobody has yet, never starting with a doubled letter. */
function plateMaker(rng: DemoRng): () => string {
  const used = new Set<string>();
  return () => {
    let p: string;
    do p = rng.chars(3, PLATE_LETTERS) + rng.chars(4, DIGITS); while (used.has(p) || /^(.)\1/.test(p));
    used.add(p);
    return p;
  };
}

/** Every station's vans, in service, sizes shuffled. */
function planDemoVans(ctx: SeedContext, groups: DemoVanGroups): VanRow[] {
  const { rng, daysAgo } = ctx;
  const nextPlate = plateMaker(rng);
  const vanRows: VanRow[] = [];
  let vinSerial = 100_000;
  for (const station of DEMO_STATIONS) {
    const sizes = rng.shuffle(FLEET_PLAN[station.id].flatMap(([size, count]) => Array(count).fill(size)));
    sizes.forEach((size: number, i: number) => {
      const m = rng.pick(VAN_MODELS[size]);
      const year = rng.pick(m.years);
      const rental = size === 5 || (size === 3 && station.id === 3);
      vinSerial += rng.int(11, 4000);
      vanRows.push({
        number: `${station.id}${String(i + 1).padStart(2, "0")}`,
        plateNumber: nextPlate(),
        vin: makeVin(rng, m.wmi, year, vinSerial),
        fleetSizeId: size,
        vanGroupId: size === 3 || size === 4
          ? groups.charlieId
          : rng.chance(0.6)
          ? groups.alphaId
          : groups.bravoId,
        stationId: station.id,
        status: 1,
        pickUpDate: utcDay(
          daysAgo(rental ? rng.int(10, 75) : size === 4 ? rng.int(60, 600) : rng.int(120, 1000)),
        ),
        ownership: rental ? 1 : 2,
        monthlyRateCents: rental ? 215_000 + 2_500 * rng.int(0, 20) : m.rateCents,
        company: m.company,
        model: m.model,
      });
    });
  }
  return vanRows;
}

/** Out of service (with reasons) owned vans, and one returned rental per station. */
function parkSomeVans(ctx: SeedContext, vanRows: VanRow[], staff: DemoStaff): void {
  const { rng, daysAgo } = ctx;
  const oosReasons = [0, 0, 0, 1, 2, 2, 3];
  const candidates = rng.shuffle(vanRows.filter((v) => v.ownership === 2));
  oosReasons.forEach((reason, i) => {
    const v = candidates[i];
    v.status = 2;
    v.statusChangeReason = reason;
    v.lastStatusChange = daysAgo(rng.int(1, 12));
    v.lastStatusChangedById = rng.pick([staff.dispatcherId, staff.supervisorId]);
  });
  for (const station of DEMO_STATIONS) {
    // Picked up months ago, handed back a few weeks ago.
    const v = vanRows.find((v) => v.stationId === station.id && v.fleetSizeId === 5)!;
    v.status = 3;
    v.pickUpDate = utcDay(daysAgo(rng.int(120, 240)));
    v.lastStatusChange = daysAgo(rng.int(14, 60));
    v.lastStatusChangedById = staff.managerId;
  }
}

/** Inserts the demo's vans; answers how many. */
export async function insertDemoVans(
  ctx: SeedContext,
  groups: DemoVanGroups,
  staff: DemoStaff,
): Promise<number> {
  const vanRows = planDemoVans(ctx, groups);
  parkSomeVans(ctx, vanRows, staff);
  await ctx.tx.insert(vans).values(vanRows);
  return vanRows.length;
}

export async function insertDemoScanners(tx: Tx): Promise<void> {
  await tx.insert(scanners).values(
    DEMO_STATIONS.flatMap((s) =>
      (["rabbit", "dolly"] as const).flatMap((kind) =>
        Array.from({ length: DEMO_SCANNERS_PER_KIND }, (_, i) => ({
          kind,
          serialNumber: `${kind === "rabbit" ? "R" : "D"}-${s.tag}-${String(i + 1).padStart(3, "0")}`,
          stationId: s.id,
          status: 1,
        }))
      )
    ),
  );
}
