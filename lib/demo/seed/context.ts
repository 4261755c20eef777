// What every step of the demo seed shares: the transaction, the one random source (steps draw from it in
// a fixed order, so the order of the steps is part of the data), the clock and the phone numbering.
import type { Tx } from "../../db/client.ts";
import { DEMO_SEED, DemoRng } from "./random.ts";
import { AREA_CODES } from "./names.ts";

const DAY = 86_400_000;

export interface SeedContext {
  tx: Tx;
  rng: DemoRng;
  now: Date;
  daysAgo(n: number): Date;
  daysAhead(n: number): Date;
  /** Unique across everyone, staff and DAs alike. */
  nextPhone(): string;
}

export function seedContext(tx: Tx, now = new Date()): SeedContext {
  let phoneSeq = 0;
  return {
    tx,
    rng: new DemoRng(DEMO_SEED),
    now,
    daysAgo: (n) => new Date(now.getTime() - n * DAY),
    daysAhead: (n) => new Date(now.getTime() + n * DAY),
    nextPhone: () => {
      const area = AREA_CODES[phoneSeq % AREA_CODES.length];
      const line = 100 + Math.floor(phoneSeq / AREA_CODES.length);
      phoneSeq += 1;
      return `+1${area}555${String(line).padStart(4, "0")}`;
    },
  };
}

/** The UTC calendar day of an instant, as the seed has always drawn dates. */
export function utcDay(d: Date): string {
  return d.toISOString().slice(0, 10);
}
