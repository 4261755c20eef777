import assert from "node:assert/strict";
import { makeDas } from "../dev/amazon/mutate.ts";
import { makeReturns, RETURN_REASONS } from "../dev/amazon/returns.ts";
import { parseReturns, reasonCode } from "./returns.ts";

const das = makeDas(150, 41);
const base = { station: "HYZ1", week: 21, year: 2026, das, seed: 2 };
const dec = (b: Uint8Array) => new TextDecoder().decode(b);
const enc = (s: string) => new TextEncoder().encode(s);
const fatalOf = (r: { problems: { fatal?: boolean; message: string }[] }) =>
  r.problems.filter((p) => p.fatal).map((p) => p.message).join(" | ");

Deno.test("returns: reason codes map BUSINESS CLOSED -> BC, ... and keep the others", () => {
  assert.equal(reasonCode("BUSINESS CLOSED"), "BC");
  assert.equal(reasonCode("Inaccessible delivery location"), "UTA");
  assert.equal(reasonCode("ADDRESS_NOT_FOUND"), "UTL");
  assert.equal(reasonCode(" no secure  location "), "NSL");
  assert.equal(reasonCode("DAMAGED"), "DAMAGED");
  assert.equal(reasonCode("BC"), "BC");
});

Deno.test("returns: both variants parse; every row keeps the reason as given", () => {
  for (const variant of ["long", "mixed"] as const) {
    const f = makeReturns({ ...base, variant });
    const r = parseReturns(f.bytes, f.fileName);
    assert.ok(r.ok, fatalOf(r));
    assert.deepEqual(r.problems, []);
    assert.deepEqual(r.identity, {
      kind: "returns-csv",
      station: "HYZ1",
      week: { year: 2026, week: 21 },
      dsp: "ACME",
    });
    assert.ok(r.rows.length > 100);
    const codes = new Set(r.rows.map((x) => x.reason_code));
    for (const c of ["BC", "UTA", "UTL", "NSL"]) assert.ok(codes.has(c), c);
    assert.ok(!codes.has("BUSINESS CLOSED"));
    if (variant === "long") assert.ok(r.rows.every((x) => RETURN_REASONS.includes(x.reason)));
    assert.match(r.rows[0].route_code!, /^CX\d{3}$/);
  }
});

Deno.test("returns: a day in the name gives its week", () => {
  const f = makeReturns({ ...base, day: "2026-05-20" });
  const r = parseReturns(f.bytes, f.fileName);
  assert.ok(r.ok, fatalOf(r));
  assert.deepEqual(r.identity.week, { year: 2026, week: 21 });
  assert.equal(r.identity.station, "HYZ1");
  assert.match(
    fatalOf(parseReturns(f.bytes, "returns.csv", { station: "HYZ1" })),
    /week is neither in the file name/,
  );
});

Deno.test("returns: bad rows are skipped by name; missing columns and cut files are fatal", () => {
  const f = makeReturns({ ...base, das: das.slice(0, 10) });
  const lines = dec(f.bytes).split("\r\n");
  lines[1] = "A12,CX100,BUSINESS CLOSED";
  lines[2] = `${das[1].transporterId},CX101,`;
  const r = parseReturns(enc(lines.join("\r\n")), f.fileName);
  assert.ok(r.ok);
  assert.deepEqual(r.problems.map((p) => [p.row, p.column]), [[2, "TransporterId"], [3, "ReasonCode"]]);
  assert.match(
    fatalOf(parseReturns(enc(dec(f.bytes).replace("ReasonCode", "Why")), f.fileName)),
    /'ReasonCode' is missing/,
  );
  const text = dec(f.bytes);
  assert.match(fatalOf(parseReturns(enc(text.slice(0, text.lastIndexOf(",") - 2)), f.fileName)), /cut short/);
  const header = parseReturns(enc("TransporterId,RouteCode,ReasonCode\r\n"), f.fileName);
  assert.ok(header.ok);
  assert.deepEqual(header.rows, []);
});
