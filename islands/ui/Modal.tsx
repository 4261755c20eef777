import { type ReactNode, useEffect, useRef } from "react";
import Icon from "./Icon.tsx";

/** A centred dialog on the native <dialog> element: focus trap, Escape and backdrop come for free. */
export default function Modal({ open, title, onClose, children, footer, wide = false, maxWidth }: {
  open: boolean;
  title: string;
  onClose: () => void;
  children: ReactNode;
  footer?: ReactNode;
  wide?: boolean;
  /** A max-width class of its own (payroll's 1150 px preview), instead of `wide`'s. */
  maxWidth?: string;
}) {
  const ref = useRef<HTMLDialogElement>(null);
  useEffect(() => {
    const d = ref.current;
    if (!d) return;
    if (open && !d.open) d.showModal();
    if (!open && d.open) d.close();
  }, [open]);
  return (
    <dialog
      ref={ref}
      onClose={onClose}
      aria-label={title}
      className={`m-auto w-[calc(100vw-2rem)] rounded-lg p-0 shadow-xl backdrop:bg-slate-900/40 ${
        maxWidth ?? (wide ? "max-w-4xl" : "max-w-lg")
      }`}
    >
      {open
        ? (
          <div className="flex max-h-[85vh] flex-col">
            <div className="flex items-center justify-between border-b border-slate-200 px-5 py-3">
              <h2 className="text-base font-semibold text-slate-900">{title}</h2>
              <button
                type="button"
                className="rounded p-1 text-slate-500 hover:bg-slate-100"
                aria-label="Close"
                onClick={onClose}
              >
                <Icon name="close" />
              </button>
            </div>
            <div className="overflow-y-auto px-5 py-4">{children}</div>
            {footer
              ? <div className="flex justify-end gap-2 border-t border-slate-200 px-5 py-3">{footer}</div>
              : null}
          </div>
        )
        : null}
    </dialog>
  );
}
