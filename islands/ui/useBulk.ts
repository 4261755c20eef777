import { useEffect, useState } from "react";
import { ApiError } from "../client/api.ts";
import { toast } from "../client/toast.ts";

/** The server's reason for refusing a change: its `detail`, else its first field error. */
function refusalOf(err: unknown): string | null {
  if (!(err instanceof ApiError)) return null;
  const detail = err.body.detail;
  if (typeof detail === "string") return detail;
  return Object.values(err.fieldErrors())[0] ?? null;
}

/**
 * The ticked rows of a register page and the one change applied to them all (BulkBar): busy while it runs,
 * a toast either way, the server's refusal kept for the bar, the ticks cleared once it is done. Ticks follow
 * what is on screen: a new `query` (filter, order, page) starts a new selection.
 */
export function useBulk(
  query: Record<string, string>,
  messages: { done: (count: number) => string; failed: (count: number) => string },
) {
  const [selected, setSelected] = useState<ReadonlySet<number>>(new Set());
  const [busy, setBusy] = useState(false);
  const [error, setError] = useState<string | null>(null);

  function onToggle(ids: number[], on: boolean) {
    setSelected((s) => {
      const next = new Set(s);
      for (const id of ids) on ? next.add(id) : next.delete(id);
      return next;
    });
  }

  function clear() {
    setSelected((s) => (s.size ? new Set() : s));
    setError(null);
  }
  useEffect(clear, [query]);

  /** Sends the change for the ticked ids; true when the server took it. */
  async function run(send: (ids: number[]) => Promise<void>): Promise<boolean> {
    const ids = [...selected];
    setBusy(true);
    setError(null);
    try {
      await send(ids);
      toast("success", messages.done(ids.length));
      setSelected(new Set());
      return true;
    } catch (err) {
      toast("error", messages.failed(ids.length));
      setError(refusalOf(err));
      return false;
    } finally {
      setBusy(false);
    }
  }

  return { selected, onToggle, clear, busy, error, run };
}
