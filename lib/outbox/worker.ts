import type { Db } from "../db/client.ts";
import { deliverPending, type Transports } from "./sender.ts";
import { log } from "../log/logger.ts";

/** Polls the outbox; one pass at a time, so a slow provider never overlaps itself. */
export function startOutboxWorker(db: Db, transports: Transports, everyMs = 2000): () => Promise<void> {
  let running: Promise<unknown> | null = null;
  const tick = () => {
    if (running) return;
    running = deliverPending(db, transports)
      .catch((e) => log.error("outbox pass failed", { error: e }))
      .finally(() => (running = null));
  };
  const timer = setInterval(tick, everyMs);
  tick();
  return async () => {
    clearInterval(timer);
    await running;
  };
}
