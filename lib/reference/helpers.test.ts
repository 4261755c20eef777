import assert from "node:assert/strict";
import { stations } from "../org/schema.ts";
import { DomainError } from "../errors.ts";
import { like, ordering, referenceListQuery } from "./helpers.ts";

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
    (e: unknown) =>
      e instanceof DomainError && e.code === "reference.unknown_ordering" && e.kind === "invalid" &&
      /use one of tag, title/.test(e.message) && e.fields.ordering?.length === 1,
  );
});
