/** A sortable column header: click toggles ascending/descending on this field (DRF `ordering`). */
export default function SortHeader({ field, label, ordering, onOrder, className = "" }: {
  field: string;
  label: string;
  ordering: string;
  onOrder: (o: string) => void;
  className?: string;
}) {
  const active = ordering.replace(/^-/, "") === field;
  const desc = active && ordering.startsWith("-");
  return (
    <th className={className} aria-sort={active ? (desc ? "descending" : "ascending") : "none"}>
      <button
        type="button"
        className="inline-flex items-center gap-1 uppercase"
        onClick={() => onOrder(active && !desc ? `-${field}` : field)}
      >
        {label}
        <span className={`text-[10px] ${active ? "text-brand-600" : "text-slate-300"}`}>
          {active ? (desc ? "▼" : "▲") : "▲"}
        </span>
      </button>
    </th>
  );
}
