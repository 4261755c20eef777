// The demo's one random source: a fixed seed, so the demo organisation looks the same on every machine.
import { rng } from "../../dev/amazon/mutate.ts";

export class DemoRng {
  private next: () => number;
  constructor(seed: number) {
    this.next = rng(seed);
  }
  float(): number {
    return this.next();
  }
  /** Integer in [min, max], both included. */
  int(min: number, max: number): number {
    return min + Math.floor(this.next() * (max - min + 1));
  }
  chance(p: number): boolean {
    return this.next() < p;
  }
  pick<T>(xs: readonly T[]): T {
    return xs[Math.floor(this.next() * xs.length)];
  }
  chars(n: number, alphabet: string): string {
    let s = "";
    for (let i = 0; i < n; i++) s += alphabet[Math.floor(this.next() * alphabet.length)];
    return s;
  }
  shuffle<T>(xs: T[]): T[] {
    for (let i = xs.length - 1; i > 0; i--) {
      const j = Math.floor(this.next() * (i + 1));
      [xs[i], xs[j]] = [xs[j], xs[i]];
    }
    return xs;
  }
}

export const DEMO_SEED = 0x05eed_d59;

export const UPPER_ALNUM = "ABCDEFGHIJKLMNOPQRSTUVWXYZ0123456789";
export const DIGITS = "0123456789";
/** Letters of US plates and VINs: no I, O, Q. */
export const PLATE_LETTERS = "ABCDEFGHJKLMNPRSTUVWXYZ";
