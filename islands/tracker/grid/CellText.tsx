// A grid cell as text (no control): the status with its colour and 'Not Published' mark, the row mark
// (delete, or a lock saying why), greyed history on a row that gave its van back, a refusal's mark.
import { memo } from "react";
import { NotPublished, RowMark } from "../RowParts.tsx";
import { type Rec, type RowContext, statusTone } from "../types.ts";
import { CELL_DEFS, isHistory } from "./cellDefs.ts";

const TONE = { green: "tk-pill-green", amber: "tk-pill-amber", red: "tk-pill-red" } as const;

function CellTextImpl(
  { id, rec, ctx, index, refused }: {
    id: string;
    rec: Rec;
    ctx: RowContext;
    index: number;
    refused?: string;
  },
) {
  if (id === "created") return <RowMark rec={rec} index={index} onDelete={ctx.askDelete} />;
  const text = CELL_DEFS[id].text(rec, ctx);
  if (id === "da_status" || id === "second_da_status") {
    const second = id === "second_da_status";
    const driver = second ? rec.second_driver : rec.driver;
    if (!driver) return <span className="tk-none">—</span>;
    const status = second ? rec.second_da_status : rec.da_status;
    const published = second ? rec.is_second_status_published : rec.is_status_published;
    return (
      <span className="inline-flex items-center" data-value={status}>
        <span className={`tk-pill ${TONE[statusTone(status)]}`}>{text}</span>
        {published ? null : <NotPublished />}
      </span>
    );
  }
  return (
    <span
      className={`tk-text${isHistory(id, rec) ? " text-slate-500 italic line-through" : ""}${
        CELL_DEFS[id].kind === "number" || CELL_DEFS[id].kind === "hours" ? " text-right tabular-nums" : ""
      }`}
      data-history={isHistory(id, rec) || undefined}
    >
      {refused
        ? <span className="tk-refused-dot" role="img" aria-label={`Refused: ${refused}`}>!</span>
        : null}
      {text}
    </span>
  );
}

export const CellText = memo(CellTextImpl);
