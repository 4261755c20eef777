import { type ReactNode, useEffect, useRef } from "react";
import Icon from "./Icon.tsx";

/** A right-hand drawer (a row's detail, filters, uploads); full width on narrow screens. */
export default function Drawer({ open, title, onClose, children, footer }: {
  open: boolean;
  title: string;
  onClose: () => void;
  children: ReactNode;
  footer?: ReactNode;
}) {
  const panel = useRef<HTMLDivElement>(null);
  const close = useRef(onClose);
  close.current = onClose;
  // Escape closes it like every dialog of the app; focus goes in on opening and back where it was after.
  useEffect(() => {
    if (!open) return;
    const before = document.activeElement as HTMLElement | null;
    if (!panel.current?.contains(document.activeElement)) {
      panel.current?.querySelector<HTMLElement>("[data-drawer-close]")?.focus();
    }
    const esc = (e: KeyboardEvent) => {
      if (e.key === "Escape" && !e.defaultPrevented) {
        e.preventDefault();
        close.current();
      }
    };
    document.addEventListener("keydown", esc);
    return () => {
      document.removeEventListener("keydown", esc);
      if (before?.isConnected) before.focus();
    };
  }, [open]);
  if (!open) return null;
  return (
    <div className="fixed inset-0 z-50 flex justify-end" role="dialog" aria-modal="true" aria-label={title}>
      <button
        type="button"
        aria-label="Close"
        className="absolute inset-0 bg-slate-900/30"
        onClick={onClose}
      />
      <div ref={panel} className="relative flex h-full w-full max-w-sm flex-col bg-white shadow-xl">
        <div className="flex items-center justify-between border-b border-slate-200 px-5 py-3">
          <h2 className="text-base font-semibold text-slate-900">{title}</h2>
          <button
            type="button"
            className="rounded p-1 text-slate-500 hover:bg-slate-100"
            aria-label="Close"
            data-drawer-close
            onClick={onClose}
          >
            <Icon name="close" />
          </button>
        </div>
        <div className="flex-1 space-y-4 overflow-y-auto px-5 py-4">{children}</div>
        {footer
          ? <div className="flex justify-end gap-2 border-t border-slate-200 px-5 py-3">{footer}</div>
          : null}
      </div>
    </div>
  );
}

/** A row's facts as label/value pairs, the first thing in its drawer. */
export function Facts({ items, testId }: { items: [string, ReactNode][]; testId?: string }) {
  return (
    <dl className="grid grid-cols-[auto_1fr] gap-x-4 gap-y-1.5 text-sm" data-testid={testId}>
      {items.map(([label, value]) => (
        <div key={label} className="contents">
          <dt className="text-slate-500">{label}</dt>
          <dd className="min-w-0 break-words font-medium text-slate-800">{value}</dd>
        </div>
      ))}
    </dl>
  );
}

/** A titled part of a drawer, with an optional button beside its title. */
export function DrawerSection(
  { title, action, children }: { title: string; action?: ReactNode; children: ReactNode },
) {
  return (
    <section>
      <div className="mb-2 flex items-center justify-between">
        <h3 className="text-sm font-semibold text-slate-900">{title}</h3>
        {action}
      </div>
      {children}
    </section>
  );
}
