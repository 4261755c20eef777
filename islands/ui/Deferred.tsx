// Parts of an island loaded on first use: a dialog when it is first opened, a date picker when it is first
// shown, the tracker's phone cards at phone width. The page's own script stays within the JavaScript
// budget (issue 15: <= 100 KB gzip per page); the part's chunk comes from the same server a moment later,
// and a button's hover or focus starts it early (`preload`).
// While the chunk is on its way the part shows its fallback (nothing, for a closed dialog). A chunk that
// cannot be loaded (a deployment replaced it) shows the app's "a new version is available" bar; any other
// error goes on up as before.
import { Component, type ComponentType, lazy, type ReactNode, Suspense, useRef } from "react";
import { isChunkLoadError, showUpdateBar } from "../client/router.ts";

// deno-lint-ignore no-explicit-any
type Loader<C extends ComponentType<any>> = () => Promise<{ default: C }>;

/** A lazily loaded component with `preload()`, which starts its chunk without rendering it. */
// deno-lint-ignore no-explicit-any
export function deferred<C extends ComponentType<any>>(load: Loader<C>) {
  let pending: Promise<{ default: C }> | null = null;
  const once = () => {
    pending ??= load().catch((e) => {
      pending = null;
      throw e;
    });
    return pending;
  };
  return Object.assign(lazy(once), { preload: () => void once().catch(() => {}) });
}

class ChunkBoundary extends Component<{ children: ReactNode }, { error: unknown }> {
  override state: { error: unknown } = { error: null };
  static getDerivedStateFromError(error: unknown) {
    return { error };
  }
  override componentDidCatch(error: unknown) {
    if (isChunkLoadError(error)) showUpdateBar();
  }
  override render() {
    const { error } = this.state;
    if (error === null) return this.props.children;
    if (isChunkLoadError(error)) return null;
    throw error; // not ours: the island's own handling, as before the part was deferred
  }
}

/** Renders a deferred part: `fallback` while its chunk loads, nothing (and the update bar) if it fails. */
export function Part({ children, fallback = null }: { children: ReactNode; fallback?: ReactNode }) {
  return (
    <ChunkBoundary>
      <Suspense fallback={fallback}>{children}</Suspense>
    </ChunkBoundary>
  );
}

/** True from the first render where `open` is true on: a deferred dialog is mounted when first opened, then kept. */
export function useOpened(open: boolean): boolean {
  const opened = useRef(false);
  if (open) opened.current = true;
  return opened.current;
}
