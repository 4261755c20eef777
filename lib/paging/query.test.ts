import assert from "node:assert/strict";
import { offset, orderingQuery, pageOfUrl, pagingQuery } from "./query.ts";

Deno.test("pagingQuery: 1-based pages, sizes from the one list; offset", () => {
  assert.deepEqual(pagingQuery.parse({}), { page: 1, page_size: 10 });
  assert.deepEqual(pagingQuery.parse({ page: "3", page_size: "25" }), { page: 3, page_size: 25 });
  assert.equal(
    pagingQuery.safeParse({ page_size: "30" }).error?.issues[0].message,
    "Must be 10, 25, 50 or 100",
  );
  assert.equal(pagingQuery.safeParse({ page: "0" }).success, false);
  assert.equal(offset({ page: 3, page_size: 25 }), 50);
});

Deno.test("pageOfUrl: a page's URL never refuses; unknown sizes fall back", () => {
  assert.deepEqual(pageOfUrl(new URL("http://x/outbox?page=2&page_size=50")), { page: 2, pageSize: 50 });
  assert.deepEqual(pageOfUrl(new URL("http://x/outbox?page=-4&page_size=7"), 25), { page: 1, pageSize: 25 });
});

Deno.test("orderingQuery: listed fields, '-' for descending", () => {
  const q = orderingQuery(["name", "id"] as const, "-id");
  assert.equal(q.parse(undefined), "-id");
  assert.equal(q.parse("name"), "name");
  assert.equal(q.safeParse("-secret").success, false);
});
