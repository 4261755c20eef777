import type { ReactNode } from "react";

/** A short code in a pill: a station tag (DON9), a fleet size id. */
export function Tag({ children, title }: { children: ReactNode; title?: string }) {
  return (
    <span
      className="rounded bg-brand-50 px-1.5 py-0.5 font-mono text-xs font-semibold text-brand-700"
      title={title}
    >
      {children}
    </span>
  );
}

/** A muted dash where a value is missing. */
export const Dash = () => <span className="text-slate-500">—</span>;

/** The value, or a muted dash when it is empty. */
export const orDash = (v: ReactNode) => (v === null || v === undefined || v === "" ? <Dash /> : v);
