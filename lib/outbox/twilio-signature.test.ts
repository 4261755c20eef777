import assert from "node:assert/strict";
import { signedPayload, twilioSignature, verifyTwilioSignature } from "./twilio-signature.ts";

// Twilio's documented example (security docs and its helper libraries' tests).
const TOKEN = "12345";
const URL_ = "https://mycompany.com/myapp.php?foo=1&bar=2";
const PARAMS: [string, string][] = [
  ["CallSid", "CA1234567890ABCDE"],
  ["Caller", "+14158675309"],
  ["Digits", "1234"],
  ["From", "+14158675309"],
  ["To", "+18005551212"],
];
const DOCUMENTED = "RSOYDt4T1cUTdK1PDd93/VVr8B8=";

Deno.test("signs Twilio's documented example as Twilio does", async () => {
  assert.equal(await twilioSignature(TOKEN, URL_, PARAMS), DOCUMENTED);
  // Parameter order does not matter: they are sorted by name.
  assert.equal(await twilioSignature(TOKEN, URL_, [...PARAMS].reverse()), DOCUMENTED);
});

Deno.test("verifies the documented signature and refuses every other", async () => {
  assert.equal(await verifyTwilioSignature(TOKEN, DOCUMENTED, URL_, PARAMS), true);
  assert.equal(await verifyTwilioSignature("54321", DOCUMENTED, URL_, PARAMS), false, "other token");
  assert.equal(await verifyTwilioSignature(TOKEN, DOCUMENTED, URL_ + "&x=1", PARAMS), false, "other URL");
  const changed = PARAMS.map(([k, v]): [string, string] => [k, k === "Digits" ? "9999" : v]);
  assert.equal(await verifyTwilioSignature(TOKEN, DOCUMENTED, URL_, changed), false, "other params");
  assert.equal(await verifyTwilioSignature(TOKEN, null, URL_, PARAMS), false, "unsigned");
  assert.equal(await verifyTwilioSignature(TOKEN, "", URL_, PARAMS), false, "empty");
  assert.equal(await verifyTwilioSignature(TOKEN, "not base64!!", URL_, PARAMS), false, "garbage");
  assert.equal(await verifyTwilioSignature("", DOCUMENTED, URL_, PARAMS), false, "no token configured");
});

Deno.test("the signed string is the URL then name+value pairs sorted by name", () => {
  assert.equal(signedPayload("https://x/y", [["b", "2"], ["a", "1"]]), "https://x/ya1b2");
});
