// What every refused row write does: the catalogue of 02 section 8 (refusal.ts decides which case), then
// the row shows the server's values again. The two dialogs it can open are state the page renders.
import { useCallback, useState } from "react";
import { ApiError, notifyError } from "../client/api.ts";
import { toast } from "../client/toast.ts";
import { refusalOf } from "./refusal.ts";
import type { TrackerRows } from "./useRows.ts";

export function useRefusals({ apply, revert, drop }: Pick<TrackerRows, "apply" | "revert" | "drop">) {
  const [duplicateVan, setDuplicateVan] = useState<string | null>(null);
  const [noFreeVans, setNoFreeVans] = useState(false);

  const refused = useCallback((id: number, err: unknown) => {
    if (!(err instanceof ApiError)) throw err;
    const r = refusalOf(err);
    if (r.kind === "conflict") {
      apply(r.record, true);
      return toast("warning", r.message);
    }
    if (r.kind === "no_free_vans") {
      if (r.record) apply(r.record, true);
      else revert(id);
      return setNoFreeVans(true);
    }
    revert(id);
    if (r.kind === "duplicate_van") setDuplicateVan(r.message);
    else if (r.kind === "row_gone") {
      drop(id);
      toast("error", "This row was deleted by someone else.");
    } else if (r.kind === "offline") toast("error", "The server cannot be reached. Check your connection.");
    else if (r.kind === "message") toast("error", r.message);
    else notifyError(err);
  }, [apply, revert, drop]);

  return {
    refused,
    duplicateVan,
    closeDuplicateVan: useCallback(() => setDuplicateVan(null), []),
    noFreeVans,
    closeNoFreeVans: useCallback(() => setNoFreeVans(false), []),
  };
}
