import assert from "node:assert/strict";
import { classifyReply, outcomeText, phoneDigits, phoneTail, type ReplyIntent } from "./replies.ts";

const TABLE: [string, ReplyIntent][] = [
  ["YES", "yes"],
  ["yes", "yes"],
  ["Y", "yes"],
  ["1", "yes"],
  ["ok", "yes"],
  ["OK!", "yes"],
  ["Confirm", "yes"],
  ["  yes I'll be there ", "yes"],
  ["Yes, see you tomorrow.", "yes"],
  ["NO", "no"],
  ["n", "no"],
  ["2", "no"],
  ["cancel", "no"],
  ["No sorry, I'm sick", "no"],
  ["CANCEL please", "no"],
  ["", "unknown"],
  ["maybe", "unknown"],
  ["yesterday", "unknown"], // a word that starts with yes is not yes
  ["nope", "unknown"],
  ["11", "unknown"],
  ["yes no", "unknown"], // both: a person decides
  ["not ok", "unknown"], // a negated yes
  ["I can't confirm", "unknown"],
  ["what time?", "unknown"],
];

Deno.test("reply classification table", () => {
  for (const [body, want] of TABLE) assert.equal(classifyReply(body), want, JSON.stringify(body));
});

Deno.test("what a reply did, in words", () => {
  assert.equal(
    outcomeText({
      outcome: "applied",
      status: 1,
      record_id: 9,
      report_id: 2,
      report_date: "2026-11-24",
      row: 3,
    }),
    "set Confirmed for 24-11-2026 row #3",
  );
  assert.equal(
    outcomeText({
      outcome: "applied",
      status: 2,
      record_id: 9,
      report_id: 2,
      report_date: "2026-11-24",
      row: 1,
    }),
    "set Rejected for 24-11-2026 row #1",
  );
  assert.match(outcomeText({ outcome: "not_understood" }), /^not understood/);
  assert.equal(outcomeText({ outcome: "no_pending_row" }), "no pending row");
  assert.equal(
    outcomeText({ outcome: "refused", record_id: 1, reason: "Row is locked." }),
    "not applied: Row is locked.",
  );
  assert.equal(outcomeText({}), "");
  assert.equal(outcomeText(null), "");
});

Deno.test("phone digits and tails compare the forms numbers are stored in", () => {
  assert.equal(phoneDigits("+1 (415) 555-0100"), "14155550100");
  assert.equal(phoneDigits("0049 151 2345678"), "491512345678");
  assert.equal(phoneTail("+14155550100"), phoneTail("(415) 555-0100"));
  assert.equal(phoneTail("+491512345678"), phoneTail("01512345678"));
  assert.notEqual(phoneTail("+14155550100"), phoneTail("+14155550101"));
});
