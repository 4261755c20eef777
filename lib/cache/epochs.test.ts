import assert from "node:assert/strict";
import { newRequestRecord, withRequest } from "../log/request-context.ts";
import { orgCached, setRequestEpoch } from "./epochs.ts";

/** Runs `fn` as a request of `method` whose session check read org epoch `epoch` on database `db`. */
function asRequest<T>(method: string, db: object, epoch: string | null, fn: () => Promise<T>): Promise<T> {
  return withRequest(newRequestRecord(method), () => {
    if (epoch !== null) setRequestEpoch(db, epoch);
    return fn();
  });
}

Deno.test("orgCached: one load per org epoch and database, GET only, nothing outside a checked request", async () => {
  const db = {}, other = {};
  let loads = 0;
  const load = () => Promise.resolve(++loads);
  assert.equal(await asRequest("GET", db, "1", () => orgCached("k", load)), 1);
  assert.equal(await asRequest("GET", db, "1", () => orgCached("k", load)), 1, "same epoch: cached");
  assert.equal(await asRequest("GET", db, "2", () => orgCached("k", load)), 2, "the epoch moved: reloaded");
  assert.equal(await asRequest("GET", other, "2", () => orgCached("k", load)), 3, "another database");
  assert.equal(await asRequest("POST", db, "2", () => orgCached("k", load)), 4, "a write reads the database");
  assert.equal(await asRequest("GET", db, null, () => orgCached("k", load)), 5, "no session check: no cache");
  assert.equal(await orgCached("k", load), 6, "outside a request: no cache");
  assert.equal(await asRequest("GET", db, "2", () => orgCached("k", load)), 2, "still the epoch-2 value");
});

Deno.test("orgCached: a failed load is not remembered", async () => {
  const db = {};
  await assert.rejects(
    asRequest("GET", db, "1", () => orgCached("f", () => Promise.reject(new Error("down")))),
  );
  assert.equal(await asRequest("GET", db, "1", () => orgCached("f", () => Promise.resolve("up"))), "up");
});
