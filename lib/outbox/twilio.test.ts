// The Twilio transport against a local fake of Twilio's Messages endpoint on 127.0.0.1.
import assert from "node:assert/strict";
import { twilioMessagesUrl, twilioTransport } from "./twilio.ts";
import { transportsFromEnv, twilioFromEnv } from "./transports.ts";

interface Seen {
  path: string;
  auth: string | null;
  type: string | null;
  form: Record<string, string>;
}

async function fakeTwilio(answer: (n: number) => Response) {
  const seen: Seen[] = [];
  const server = Deno.serve({ hostname: "127.0.0.1", port: 0, onListen: () => {} }, async (req) => {
    const form = Object.fromEntries(new URLSearchParams(await req.text()));
    seen.push({
      path: new URL(req.url).pathname,
      auth: req.headers.get("authorization"),
      type: req.headers.get("content-type"),
      form,
    });
    return answer(seen.length);
  });
  return { seen, base: `http://127.0.0.1:${server.addr.port}`, close: () => server.shutdown() };
}

Deno.test("posts To/From/Body as a form with basic auth to the account's Messages.json", async () => {
  const fake = await fakeTwilio(() => Response.json({ sid: "SM1", status: "queued" }, { status: 201 }));
  try {
    const t = twilioTransport({
      accountSid: "AC123",
      authToken: "secret",
      from: "+15005550006",
      apiBase: fake.base,
    });
    await t.send({
      recipient: "+12065550101",
      subject: "",
      body: "Hi Ana, you have a shift.",
      idempotencyKey: "k1",
    });
    assert.equal(fake.seen.length, 1);
    assert.equal(fake.seen[0].path, "/2010-04-01/Accounts/AC123/Messages.json");
    assert.equal(fake.seen[0].auth, "Basic " + btoa("AC123:secret"));
    assert.match(fake.seen[0].type!, /application\/x-www-form-urlencoded/);
    assert.deepEqual(fake.seen[0].form, {
      To: "+12065550101",
      From: "+15005550006",
      Body: "Hi Ana, you have a shift.",
    });
  } finally {
    await fake.close();
  }
});

Deno.test("a Messaging Service SID is sent as MessagingServiceSid", async () => {
  const fake = await fakeTwilio(() => Response.json({ sid: "SM2" }, { status: 201 }));
  try {
    await twilioTransport({ accountSid: "AC1", authToken: "t", from: "MG999", apiBase: fake.base })
      .send({ recipient: "+1", subject: "", body: "x", idempotencyKey: "k2" });
    assert.equal(fake.seen[0].form.MessagingServiceSid, "MG999");
    assert.equal(fake.seen[0].form.From, undefined);
  } finally {
    await fake.close();
  }
});

Deno.test("an error answer throws with Twilio's message, so the outbox records why", async () => {
  const fake = await fakeTwilio(() =>
    Response.json({ code: 21211, message: "The 'To' number is not a valid phone number." }, { status: 400 })
  );
  try {
    const t = twilioTransport({ accountSid: "AC1", authToken: "t", from: "+1", apiBase: fake.base });
    await assert.rejects(
      () => t.send({ recipient: "bad", subject: "", body: "x", idempotencyKey: "k3" }),
      /Twilio answered 400: The 'To' number is not a valid phone number\. \(Twilio error 21211\)/,
    );
  } finally {
    await fake.close();
  }
});

Deno.test("switched on only by all three variables; TWILIO_API_BASE overrides the host", () => {
  assert.equal(twilioFromEnv({}), null);
  assert.equal(twilioFromEnv({ TWILIO_ACCOUNT_SID: "AC1", TWILIO_AUTH_TOKEN: "t" }), null);
  assert.deepEqual(twilioFromEnv({ TWILIO_ACCOUNT_SID: "AC1", TWILIO_AUTH_TOKEN: "t", TWILIO_FROM: "+1" }), {
    accountSid: "AC1",
    authToken: "t",
    from: "+1",
    apiBase: "https://api.twilio.com",
  });
  assert.equal(
    twilioFromEnv({
      TWILIO_ACCOUNT_SID: "AC1",
      TWILIO_AUTH_TOKEN: "t",
      TWILIO_FROM: "+1",
      TWILIO_API_BASE: "http://x",
    })!.apiBase,
    "http://x",
  );
  assert.equal(transportsFromEnv({}).sms, undefined);
  assert.ok(transportsFromEnv({ TWILIO_ACCOUNT_SID: "AC1", TWILIO_AUTH_TOKEN: "t", TWILIO_FROM: "+1" }).sms);
  assert.equal(twilioMessagesUrl("http://h/", "AC1"), "http://h/2010-04-01/Accounts/AC1/Messages.json");
});

Deno.test("each POST carries the message's idempotency key and answers Twilio's SID; lookup finds a sent body", async () => {
  const keys: (string | null)[] = [];
  const queries: URLSearchParams[] = [];
  const server = Deno.serve({ hostname: "127.0.0.1", port: 0, onListen: () => {} }, (req) => {
    const url = new URL(req.url);
    if (req.method === "GET") {
      queries.push(url.searchParams);
      return Response.json({
        messages: [
          { sid: "SMold", body: "Other text", status: "delivered" },
          { sid: "SMfail", body: "Shift at 7", status: "failed" },
          { sid: "SMhit", body: "Shift at 7", status: "sent" },
        ],
      });
    }
    keys.push(req.headers.get("idempotency-key"), req.headers.get("i-twilio-idempotency-token"));
    return Response.json({ sid: "SM42", status: "queued" }, { status: 201 });
  });
  try {
    const t = twilioTransport({
      accountSid: "AC1",
      authToken: "t",
      from: "+1",
      apiBase: `http://127.0.0.1:${server.addr.port}`,
    });
    const m = { recipient: "+12065550101", subject: "", body: "Shift at 7", idempotencyKey: "key-1" };
    assert.deepEqual(await t.send(m), { providerRef: "SM42" });
    assert.deepEqual(keys, ["key-1", "key-1"]);
    assert.equal(await t.lookup!(m, new Date("2026-01-02T10:00:00Z")), "SMhit");
    assert.equal(queries[0].get("To"), "+12065550101");
    assert.equal(queries[0].get("DateSent>"), "2026-01-02");
    assert.equal(await t.lookup!({ ...m, body: "never sent" }, new Date()), null);
  } finally {
    await server.shutdown();
  }
});
