import assert from "node:assert/strict";
import { countOutboxFailure, observeImport, observeRequest, renderMetrics, resetMetrics } from "./metrics.ts";
import { metricsAccess } from "./access.ts";

Deno.test("histograms render cumulative buckets, +Inf, sum and count per label set", () => {
  resetMetrics();
  observeRequest("/api/van/[id]", "GET", 200, 0.004);
  observeRequest("/api/van/[id]", "GET", 200, 0.3);
  observeRequest("/api/van/[id]", "GET", 404, 0.02);
  const text = renderMetrics();
  const line = (s: string) => text.split("\n").find((l) => l.startsWith(s));
  assert.match(text, /# TYPE dsp_http_request_duration_seconds histogram/);
  const ok = 'route="/api/van/[id]",method="GET",status="2xx"';
  assert.equal(line(`dsp_http_request_duration_seconds_bucket{${ok},le="0.005"}`)?.split(" ")[1], "1");
  assert.equal(line(`dsp_http_request_duration_seconds_bucket{${ok},le="0.25"}`)?.split(" ")[1], "1");
  assert.equal(line(`dsp_http_request_duration_seconds_bucket{${ok},le="0.5"}`)?.split(" ")[1], "2");
  assert.equal(line(`dsp_http_request_duration_seconds_bucket{${ok},le="+Inf"}`)?.split(" ")[1], "2");
  assert.equal(line(`dsp_http_request_duration_seconds_count{${ok}}`)?.split(" ")[1], "2");
  assert.equal(Number(line(`dsp_http_request_duration_seconds_sum{${ok}}`)?.split(" ")[1]), 0.304);
  assert.ok(line('dsp_http_request_duration_seconds_count{route="/api/van/[id]",method="GET",status="4xx"}'));
});

Deno.test("import durations by kind, outbox failures as a counter, gauges, and label values escaped", () => {
  resetMetrics();
  observeImport("dnr-csv", "created", 1.5);
  countOutboxFailure("sms");
  countOutboxFailure("sms");
  const text = renderMetrics([{ name: "dsp_outbox_backlog", help: "h", values: [{ value: 7 }] }]);
  assert.match(text, /dsp_import_duration_seconds_count\{kind="dnr-csv",outcome="created"\} 1\n/);
  assert.match(
    text,
    /# TYPE dsp_outbox_send_failures_total counter\ndsp_outbox_send_failures_total\{channel="sms"\} 2\n/,
  );
  assert.match(text, /# TYPE dsp_outbox_backlog gauge\ndsp_outbox_backlog 7\n/);
  resetMetrics();
  observeRequest('/a"b\\c', "GET", 200, 0.1);
  assert.match(renderMetrics(), /route="\/a\\"b\\\\c"/);
});

Deno.test("metrics access: off without a token, refused without the right bearer, ok with it", () => {
  assert.equal(metricsAccess("Bearer x", undefined), "off");
  assert.equal(metricsAccess(null, "s3cret"), "refused");
  assert.equal(metricsAccess("Bearer s3cre", "s3cret"), "refused");
  assert.equal(metricsAccess("Basic s3cret", "s3cret"), "refused");
  assert.equal(metricsAccess("Bearer s3cret", "s3cret"), "ok");
  assert.equal(metricsAccess("bearer  s3cret ", "s3cret"), "ok");
});
