import assert from "node:assert/strict";
import { decimalOnly, ikeaAverage, ikeaColour, ikeaOffTarget, ikeaTotals } from "./calc.ts";
import { IKEA_FIGURES, type IkeaFigure } from "./calc-fields.ts";

Deno.test("IKEA colours: below the target red, at or above green, nothing known no colour", () => {
  assert.equal(ikeaColour("dcr", 97.5, 98), "red");
  assert.equal(ikeaColour("dcr", 98, 98), "green");
  assert.equal(ikeaColour("oa", 100, 100), "green");
  assert.equal(ikeaColour("mc", 90, 100), "red");
  assert.equal(ikeaColour("mc", null, 100), "none");
});

Deno.test("IKEA average: the sum over every loaded row, rows without a figure count too", () => {
  const blank = Object.fromEntries(IKEA_FIGURES.map((k) => [k, null])) as Record<IkeaFigure, number | null>;
  const avg = ikeaAverage([
    { ...blank, dcr: 99, infraction: 2 },
    { ...blank, dcr: 98, infraction: null },
    { ...blank, dcr: 96.5, infraction: 3 },
  ]);
  assert.equal(avg.dcr, 97.83);
  assert.equal(avg.infraction, 1.67); // (2 + 3) / 3
  assert.equal(avg.tenured_da, null);
});

Deno.test("IKEA week totals: scores the mean of the typed days, DAs off target their sum", () => {
  const day = (dcr: number | null, off: number | null) => ({
    dcr,
    dcr_da_off_target: off,
    oa: null,
    oa_da_off_target: null,
    mc: null,
    mc_da_off_target: null,
  });
  const t = ikeaTotals([day(99, 1), day(null, null), day(96.5, 2), day(98, 0)]);
  assert.equal(t.dcr, 97.83);
  assert.equal(t.dcr_da_off_target, 3);
  assert.equal("oa" in t, false, "no day has it: the week keeps its own");
});

Deno.test("IKEA score inputs keep digits and one decimal point", () => {
  assert.equal(decimalOnly("98.5"), "98.5");
  assert.equal(decimalOnly("9a8.5.1%"), "98.51");
  assert.equal(decimalOnly("x"), "");
});

Deno.test("IKEA off target: the Total or a day below the target, or DAs counted off; nothing typed is not", () => {
  const blank = {
    dcr: null,
    dcr_da_off_target: null,
    oa: null,
    oa_da_off_target: null,
    mc: null,
    mc_da_off_target: null,
  };
  const target = { dcr: 98, oa: 100, mc: 100 };
  assert.equal(ikeaOffTarget({ ...blank, target }, [], "dcr"), false);
  assert.equal(ikeaOffTarget({ ...blank, dcr: 99, target }, [], "dcr"), false);
  assert.equal(ikeaOffTarget({ ...blank, dcr: 97.9, target }, [], "dcr"), true);
  assert.equal(ikeaOffTarget({ ...blank, dcr: 99, dcr_da_off_target: 1, target }, [], "dcr"), true);
  assert.equal(
    ikeaOffTarget({ ...blank, mc: 100, target }, [{ ...blank, mc: 90 }, { ...blank, mc: 100 }], "mc"),
    true,
  );
  assert.equal(ikeaOffTarget({ ...blank, mc: 100, target }, [{ ...blank, oa: 90 }], "mc"), false);
});
