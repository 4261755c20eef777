// The row writes of the tracker: a field-level PATCH with the version the editor saw, the scanner pickers,
// Add New Record and delete. An answer puts the server's row in; a refusal goes to useRefusals.
import { useCallback, useRef } from "react";
import { api, ApiError } from "../client/api.ts";
import { TRACKER } from "../../lib/shifts/tracker/errors.ts";
import { toast } from "../client/toast.ts";
import type { PatchFields, Rec, SerialSlot } from "./types.ts";
import type { TrackerRows } from "./useRows.ts";

const recordUrl = (id: number) => `/api/da-daily-report-record/${id}/`;

export function useRowWrites(
  reportId: number,
  rows: Pick<TrackerRows, "recordsRef" | "deleted" | "apply" | "drop">,
  refused: (id: number, err: unknown) => void,
) {
  const { recordsRef, deleted, apply, drop } = rows;
  // Fields of writes not answered yet, by row: a DA picked a moment ago is not offered on the next row
  // while its answer is on the way (the server would refuse the second pick).
  const inFlight = useRef(new Map<number, PatchFields[]>());
  const track = useCallback(async <T>(id: number, fields: PatchFields, run: () => Promise<T>): Promise<T> => {
    const list = inFlight.current.get(id) ?? [];
    inFlight.current.set(id, [...list, fields]);
    try {
      return await run();
    } finally {
      const left = (inFlight.current.get(id) ?? []).filter((f) => f !== fields);
      if (left.length) inFlight.current.set(id, left);
      else inFlight.current.delete(id);
    }
  }, []);
  const versionOf = useCallback((id: number) => recordsRef.current.find((r) => r.id === id)?.version ?? 1, [
    recordsRef,
  ]);

  /** One row write; true when the server took it. */
  const write = useCallback(async (id: number, path: string, init: Parameters<typeof api>[1]) => {
    try {
      apply(await api<Rec>(path, { ...init, quiet: true }));
      return true;
    } catch (err) {
      refused(id, err);
      return false;
    }
  }, [apply, refused]);

  const patch = useCallback(
    (id: number, fields: PatchFields, seen?: number) =>
      track(
        id,
        fields,
        () =>
          write(id, recordUrl(id), { method: "PATCH", json: { version: seen ?? versionOf(id), ...fields } }),
      ),
    [write, versionOf, track],
  );

  /** A pasted value: the same PATCH, but a refusal is returned (its words) for the cell, not toasted. */
  const tryPatch = useCallback(
    (id: number, fields: PatchFields): Promise<string | null> =>
      track(id, fields, async () => {
        try {
          apply(
            await api<Rec>(recordUrl(id), {
              method: "PATCH",
              json: { version: versionOf(id), ...fields },
              quiet: true,
            }),
          );
          return null;
        } catch (err) {
          if (!(err instanceof ApiError)) return "Not saved: the server cannot be reached.";
          if (err.code === TRACKER.conflict && err.body.record) apply(err.body.record as Rec, true);
          return err.message;
        }
      }),
    [apply, versionOf, track],
  );

  const serial = useCallback(
    (id: number, slot: SerialSlot, scannerId: number) =>
      write(id, "/api/serial-number-assignment/", {
        method: "POST",
        json: { record_id: id, version: versionOf(id), [slot]: scannerId },
      }),
    [write, versionOf],
  );

  const addRecord = useCallback(async (): Promise<Rec | null> => {
    try {
      const rec = await api<Rec>("/api/da-daily-report-record/", {
        method: "POST",
        json: { report: reportId },
      });
      apply(rec);
      return rec;
    } catch {
      return null;
    }
  }, [apply, reportId]);

  const deleteRecord = useCallback(async (id: number): Promise<boolean> => {
    try {
      await api(recordUrl(id), { method: "DELETE", quiet: true });
      deleted.current.add(id);
      drop(id);
      toast("success", "The row was deleted.");
      return true;
    } catch (err) {
      refused(id, err);
      return false;
    }
  }, [deleted, drop, refused]);

  /** Fields of this row's writes still on the way. */
  const pending = useCallback((id: number): readonly PatchFields[] => inFlight.current.get(id) ?? [], []);

  return { patch, tryPatch, serial, addRecord, deleteRecord, pending };
}
