import { useEffect, useRef, useState } from "react";
import { TOAST_MS, type ToastEvent } from "./client/toast.ts";
import { reactIsland } from "./ui/island.ts";

interface Item extends ToastEvent {
  id: number;
}

const STYLE: Record<string, string> = {
  success: "border-emerald-200 bg-emerald-50 text-emerald-900",
  error: "border-red-200 bg-red-50 text-red-900",
  warning: "border-amber-200 bg-amber-50 text-amber-900",
  info: "border-slate-200 bg-white text-slate-800",
};

/** Toasts at the bottom right for 4 s, and the global loading bar across the top. */
export default function Toaster() {
  const [items, setItems] = useState<Item[]>([]);
  const [loading, setLoading] = useState(false);
  const stack = useRef<HTMLDivElement>(null);

  // An open <dialog> sits in the browser's top layer; re-showing the toast stack as a popover puts it
  // above whatever dialog is open now.
  useEffect(() => {
    const el = stack.current as
      | (HTMLDivElement & { showPopover?: () => void; hidePopover?: () => void })
      | null;
    if (!el?.showPopover) return;
    if (el.matches(":popover-open")) el.hidePopover!();
    if (items.length) el.showPopover();
  }, [items]);

  useEffect(() => {
    let next = 1;
    const push = (t: ToastEvent) => {
      const id = next++;
      setItems((list) => [...list, { ...t, id }]);
      setTimeout(() => setItems((list) => list.filter((i) => i.id !== id)), TOAST_MS);
    };
    const onToast = (e: Event) => push((e as CustomEvent<ToastEvent>).detail);
    const onLoading = (e: Event) => setLoading((e as CustomEvent<boolean>).detail);
    window.addEventListener("app:toast", onToast);
    window.addEventListener("app:loading", onLoading);
    // A toast left for the next page: read on a page load, and after each client-side swap (this island is
    // persisted then, so it does not mount again).
    const takePending = () => {
      const pending = sessionStorage.getItem("app:toast");
      if (!pending) return;
      sessionStorage.removeItem("app:toast");
      try {
        push(JSON.parse(pending));
      } catch { /* ignore a malformed entry */ }
    };
    takePending();
    document.addEventListener("astro:after-swap", takePending);
    return () => {
      window.removeEventListener("app:toast", onToast);
      window.removeEventListener("app:loading", onLoading);
      document.removeEventListener("astro:after-swap", takePending);
    };
  }, []);

  return (
    <>
      <div
        aria-hidden={!loading}
        data-testid="loading-bar"
        className={`fixed inset-x-0 top-0 z-[60] h-0.5 overflow-hidden transition-opacity ${
          loading ? "opacity-100" : "opacity-0"
        }`}
      >
        {
          /* Animated only while shown: an endless animation under opacity 0 still draws a frame 60 times
          a second, on every page, all day (a laptop's battery; a test run's CPU). */
        }
        {loading && <div className="h-full w-1/3 animate-[loading_1s_ease-in-out_infinite] bg-accent-500" />}
      </div>
      <div
        ref={stack}
        popover="manual"
        role="status"
        aria-live="polite"
        className="pointer-events-none fixed inset-auto bottom-4 right-4 z-[70] m-0 flex w-80 max-w-[calc(100vw-2rem)] flex-col gap-2 overflow-visible border-0 bg-transparent p-0"
      >
        {items.map((t) => (
          <div
            key={t.id}
            data-testid="toast"
            data-kind={t.kind}
            className={`pointer-events-auto rounded-md border px-4 py-3 text-sm font-medium shadow-lg ${
              STYLE[t.kind]
            }`}
          >
            {t.message}
          </div>
        ))}
      </div>
    </>
  );
}

reactIsland(Toaster);
