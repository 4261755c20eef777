import assert from "node:assert/strict";
import { stations } from "../org/schema.ts";
import { HttpError } from "../web/errors.ts";
import { like, ordering, referenceListQuery, rowId } from "./helpers.ts";

Deno.test("like() takes the user's % and _ literally", () => {
  assert.equal(like("DON9"), "%DON9%");
  assert.equal(like("50%_off\\"), "%50\\%\\_off\\\\%");
});

Deno.test("referenceListQuery: page sizes 10-100 and 1000 for pickers, blank filters ignored", () => {
  assert.deepEqual(referenceListQuery.parse({}), { page: 1, page_size: 10 });
  assert.equal(referenceListQuery.parse({ page_size: "1000" }).page_size, 1000);
  assert.equal(referenceListQuery.safeParse({ page_size: "7" }).success, false);
  assert.deepEqual(referenceListQuery.parse({ station: "", kind: "" }), {
    page: 1,
    page_size: 10,
    station: undefined,
    kind: undefined,
  });
  assert.equal(referenceListQuery.parse({ station: "2", kind: "dolly" }).kind, "dolly");
  assert.equal(referenceListQuery.safeParse({ kind: "pallet" }).success, false);
});

Deno.test("ordering(): the default, '-' for descending, and a clear 400 for anything else", () => {
  const cols = { tag: stations.tag, title: stations.title };
  assert.equal(ordering(referenceListQuery.parse({}), cols, "tag", stations.id).length, 2);
  assert.equal(
    ordering(referenceListQuery.parse({ ordering: "-title" }), cols, "tag", stations.id).length,
    2,
  );
  assert.throws(
    () => ordering(referenceListQuery.parse({ ordering: "password_hash" }), cols, "tag", stations.id),
    (e: unknown) => e instanceof HttpError && e.status === 400 && /use one of tag, title/.test(e.message),
  );
});

Deno.test("rowId(): 404 for what is not a row id the integer column can hold", () => {
  assert.equal(rowId("12"), 12);
  for (const bad of ["0", "-1", "1.5", "abc", "99999999999", undefined]) {
    assert.throws(() => rowId(bad), (e: unknown) => e instanceof HttpError && e.status === 404, String(bad));
  }
});
