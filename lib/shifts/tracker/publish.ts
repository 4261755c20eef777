// Marking DA statuses published (Notify): each touched row gets a new version and its field versions, so
// open trackers see the 'Not Published' marks go and a stale edit of the status is caught as a conflict.
import { eq, sql } from "drizzle-orm";
import type { Queryable } from "../../db/client.ts";
import { shiftRecords } from "../schema.ts";
import { bumpVersions } from "./policy.ts";

export async function publishRows(
  tx: Queryable,
  rows: { id: number; version: number; fieldVersions: Record<string, number> | null }[],
  publish: { recordId: number; slot: "first" | "second" }[],
  viewerId: number,
): Promise<void> {
  const byRecord = new Map<number, Set<"first" | "second">>();
  for (const p of publish) {
    if (!byRecord.has(p.recordId)) byRecord.set(p.recordId, new Set());
    byRecord.get(p.recordId)!.add(p.slot);
  }
  for (const row of rows) {
    const slots = byRecord.get(row.id);
    if (!slots) continue;
    const set: Record<string, boolean> = {};
    if (slots.has("first")) set.isStatusPublished = true;
    if (slots.has("second")) set.isSecondStatusPublished = true;
    const version = row.version + 1;
    await tx.update(shiftRecords).set({
      ...set,
      version,
      fieldVersions: bumpVersions(row.fieldVersions ?? {}, Object.keys(set), version),
      updatedAt: sql`clock_timestamp()`,
      updatedById: viewerId,
    }).where(eq(shiftRecords.id, row.id));
  }
}
