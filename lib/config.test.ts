import assert from "node:assert/strict";
import { publicUrlProblem } from "./config.ts";

Deno.test("PUBLIC_URL is required off loopback, optional on it, and must be http(s)", () => {
  assert.equal(publicUrlProblem("127.0.0.1", undefined), null);
  assert.equal(publicUrlProblem("localhost", undefined), null);
  assert.equal(publicUrlProblem("::1", undefined), null);
  assert.match(
    String(publicUrlProblem("0.0.0.0", undefined)),
    /PUBLIC_URL is required when HOST is not a loopback/,
  );
  assert.equal(publicUrlProblem("0.0.0.0", "https://backoffice.example.com"), null);
  assert.match(String(publicUrlProblem("0.0.0.0", "backoffice.example.com")), /must be an http\(s\) URL/);
});

Deno.test("the server refuses to start on 0.0.0.0 without PUBLIC_URL, saying why", async () => {
  const out = await new Deno.Command(Deno.execPath(), {
    args: ["run", "-A", "main.ts"],
    env: { HOST: "0.0.0.0", PUBLIC_URL: "", PORT: "0", DATA_DIR: "/nonexistent-never-opened" },
    stdout: "piped",
    stderr: "piped",
  }).output();
  assert.equal(out.code, 1);
  assert.match(new TextDecoder().decode(out.stderr), /PUBLIC_URL is required when HOST is not a loopback/);
});
