// Parts of an island loaded on first use: a dialog when it is first opened, a date picker when it is first
// shown, the tracker's phone cards at phone width and its cell editor at the first edit. The page's own
// script stays within the JavaScript budget (issue 15: <= 100 KB gzip per page); the part's chunk comes
// from the same server a moment later, and a hover or focus on what opens it starts it early (`preload`).
// Code that is not a component (what a paste does, the search) is loaded the same way (`onDemand`).
// While the chunk is on its way the part shows its fallback (nothing, for a closed dialog). A chunk that
// cannot be loaded (a deployment replaced it) shows the app's "a new version is available" bar; any other
// error goes on up as before.
import { Component, type ComponentType, lazy, type ReactNode, Suspense, useRef } from "react";
import { isChunkLoadError, showUpdateBar } from "../client/router.ts";

/**
 * Code loaded on first use that is not a component (a paste's rules, the search): `load()` gives the module,
 * its chunk started once (again after a failure); `now` is the module once it is in, else null. A caller
 * leaves a failed chunk's rejection unhandled: the router glue shows the update bar for it
 * (islands/client/router.ts), as it does for any chunk.
 */
export function onDemand<M>(load: () => Promise<M>) {
  let pending: Promise<M> | null = null;
  const kit = {
    now: null as M | null,
    load: (): Promise<M> =>
      pending ??= load().then((m) => (kit.now = m), (e) => {
        pending = null;
        throw e;
      }),
    /** Starts the chunk without waiting for it (a hover, a focus). */
    preload: () => void kit.load().catch(() => {}),
  };
  return kit;
}

/** A lazily loaded component with `preload()`, which starts its chunk without rendering it. */
// deno-lint-ignore no-explicit-any
export function deferred<C extends ComponentType<any>>(load: () => Promise<{ default: C }>) {
  const part = onDemand(load);
  return Object.assign(lazy(part.load), { preload: part.preload });
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
