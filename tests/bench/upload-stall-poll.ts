// The health poller of upload-stall.ts, in its own worker thread: polling from the thread that builds and
// sends a 19 MB upload would time the benchmark's own event loop, not the server's.
/// <reference lib="deno.worker" />
let running = false;
const samples: number[] = [];

self.onmessage = async (e: MessageEvent<{ start?: string; pollMs?: number; stop?: true }>) => {
  if (e.data.stop) {
    running = false;
    return;
  }
  const url = e.data.start!;
  const pollMs = e.data.pollMs ?? 20;
  running = true;
  samples.length = 0;
  while (running) {
    const t = performance.now();
    try {
      const res = await fetch(url);
      await res.body?.cancel();
    } catch { /* counted as its time anyway */ }
    samples.push(performance.now() - t);
    await new Promise((ok) => setTimeout(ok, Math.max(0, pollMs - (performance.now() - t))));
  }
  self.postMessage(samples);
};
