import assert from "node:assert/strict";
import { z } from "zod";
import { dbId, dbIdList, dbIdQuery, NUL_MESSAGE, queryInt, searchText, text } from "./fields.ts";

const messages = (r: { error?: z.ZodError }) => r.error?.issues.map((i) => i.message) ?? [];

Deno.test("text and searchText refuse a NUL character, naming the field", () => {
  const schema = z.object({ first_name: text().trim().max(10), search: searchText(10) });
  const r = schema.safeParse({ first_name: "a\u0000b", search: "\u0000" });
  assert.deepEqual(r.error?.issues.map((i) => [i.path.join("."), i.message]), [
    ["first_name", NUL_MESSAGE],
    ["search", NUL_MESSAGE],
  ]);
  assert.deepEqual(schema.parse({ first_name: " Ann ", search: "  " }), {
    first_name: "Ann",
    search: undefined,
  });
});

Deno.test("dbId takes positive integers up to 2^31-1 only", () => {
  assert.equal(dbId().parse(2_147_483_647), 2_147_483_647);
  for (const bad of [0, -1, 1.5, 2 ** 31, 1e10, "1", null]) {
    assert.deepEqual(messages(dbId().safeParse(bad)), ["Not valid"]);
  }
});

Deno.test("dbIdQuery takes digits (or a number), refusing '1e10', '2147483648', '-1', '1.5'", () => {
  assert.equal(dbIdQuery().parse("42"), 42);
  assert.equal(dbIdQuery().parse(7), 7);
  for (const bad of ["1e10", "2147483648", "-1", "1.5", "0x10", "", "0", "a\u0000", 2 ** 31, true]) {
    assert.equal(dbIdQuery("Not a station id").safeParse(bad).success, false, String(bad));
  }
});

Deno.test("dbIdList reads comma-separated ids, distinct, and refuses any out of range", () => {
  assert.deepEqual(dbIdList("station").parse("1, 2,1"), [1, 2]);
  assert.deepEqual(dbIdList("station").parse(""), []);
  for (const bad of ["1,2147483648", "1e10", "1,-1", "1.5", "1,,2"]) {
    assert.deepEqual(messages(dbIdList("station").safeParse(bad)), [
      "Not a station id (or comma-separated ids)",
    ]);
  }
});

Deno.test("queryInt bounds a query-string integer", () => {
  assert.equal(queryInt(1, 12).parse("12"), 12);
  for (const bad of ["13", "0", "1e1", "1.0"]) assert.equal(queryInt(1, 12).safeParse(bad).success, false);
});
