import assert from "node:assert/strict";
const assertEquals = (a: unknown, b: unknown, m?: string) => assert.deepEqual(a, b, m);
import {
  averageOf,
  digitsOnly,
  listColour,
  routeStationTag,
  shown,
  targetLabel,
  weekCellColour,
  weekHeaderColour,
  weekLabel,
} from "./calc.ts";
import { MEASURES } from "./dto.ts";

Deno.test("list colours: DNR and DSB red above the target, the rest red below it", () => {
  assertEquals(listColour("dnr", 6, 5), "red");
  assertEquals(listColour("dnr", 5, 5), "green");
  assertEquals(listColour("dsb", 11, 10), "red");
  assertEquals(listColour("dsb", 0, 10), "green");
  for (const m of MEASURES.filter((m) => m !== "dnr" && m !== "dsb")) {
    assertEquals(listColour(m, 97, 98), "red", m);
    assertEquals(listColour(m, 98, 98), "green", m);
    assertEquals(listColour(m, 99, 98), "green", m);
  }
  assertEquals(listColour("rescue_given", 0, 1), "red");
  assertEquals(listColour("dcr", null, 98), "none");
});

Deno.test("week page: cells like the list, row headers the opposite comparison for dnr and dsb", () => {
  assertEquals(weekCellColour("dsb", 10, 10), "green");
  assertEquals(weekHeaderColour("dsb", 10, 10), "red");
  assertEquals(weekHeaderColour("dnr", 4, 5), "green");
  assertEquals(weekHeaderColour("rescue_given", 0, 1), "red");
  assertEquals(weekHeaderColour("rescue_given", 1, 1), "green");
  assertEquals(weekHeaderColour("pod", 97.5, 98), "red");
  assertEquals(weekHeaderColour("pod", 98, 98), "green");
  assertEquals(weekHeaderColour("pod", null, 98), "none");
});

Deno.test("targets are written as 03 2.2 says", () => {
  assertEquals(targetLabel("dcr", 99), ">99%");
  assertEquals(targetLabel("cc", 98), ">98%");
  assertEquals(targetLabel("dnr", 5), ">5");
  assertEquals(targetLabel("hp6w", 3), ">3");
  assertEquals(targetLabel("rescue_given", 1), ">1");
  assertEquals(targetLabel("whc", 100), "100%");
  assertEquals(targetLabel("employee_satisfaction", 80), "80%");
});

Deno.test("week label is week_number + 1 . year", () => {
  assertEquals(weekLabel(0, 2026), "1.2026");
  assertEquals(weekLabel(20, 2026), "21.2026");
});

Deno.test("average: each summed metric over the number of loaded rows", () => {
  const rows = [{ a: 98, b: 2, c: null }, { a: 100, b: null, c: null }, { a: 99, b: 4, c: null }];
  assertEquals(averageOf(rows, ["a", "b", "c"] as const), { a: 99, b: 2, c: null });
  assertEquals(averageOf([], ["a"] as const), { a: null });
  assertEquals(averageOf([{ a: 1 }, { a: 2 }, { a: 2 }], ["a"] as const), { a: 1.67 });
});

Deno.test("upload routing: the fifth '_' segment of the first file's name", () => {
  assertEquals(routeStationTag("Quality_DSB_DNR_DDCO_DON9_2026-W21.csv"), "DON9");
  assertEquals(routeStationTag("DSP_Overview_Dashboard_DDCO_hyz1_2026-W21.csv"), "HYZ1");
  assertEquals(routeStationTag("Quality_DSB_DNR_DDCO_DON9.csv"), "DON9");
  assertEquals(routeStationTag("Quality_DCR_DDCO_DON9_2026-W21.csv"), "2026-W21");
  assertEquals(routeStationTag("check.csv"), null);
  assertEquals(routeStationTag("a_b_c_d_.csv"), null);
});

Deno.test("digits only and rounded display", () => {
  assertEquals(digitsOnly("1a2-3.4"), "1234");
  assertEquals(digitsOnly(""), "");
  assertEquals(shown(98.456), "98.46");
  assertEquals(shown(3), "3");
  assertEquals(shown(null), "—");
});
