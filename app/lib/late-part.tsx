import { useEffect, useState, type ComponentType, type ReactNode } from 'react';

/**
 * A part of a screen whose code is not in the screen's first load (ADR 0185): a panel of a tab
 * that is not open, a piece drawn only with JavaScript. Unlike React.lazy there is no Suspense:
 *
 * - On the server every part is loaded before the first page is rendered (`latePartsReady`, awaited
 *   in entry.server.tsx), so the HTML is complete, with or without JavaScript.
 * - A part the server rendered leaves a `<template data-late-part>` marker in front of it;
 *   entry.client.tsx loads those parts (`loadRenderedParts`) before it hydrates, so hydration finds
 *   every component in place and no click or keystroke can meet a part that is still loading.
 *   Their bytes count as the screen's "at load" bytes in bench/pages.
 * - A part first shown after hydration (a tab opened, a piece drawn once the page is live) renders
 *   `fallback` while its code loads, then itself.
 * - A part made live after the page (late-part-after.tsx, ADR 0242) is not waited for.
 */
export interface Entry {
  load(): Promise<ComponentType<never>>;
  component?: ComponentType<never>;
  pending?: Promise<ComponentType<never>>;
  afterHydration: boolean;
}

const parts = new Map<string, Entry>();

export function loadEntry(entry: Entry): Promise<ComponentType<never>> {
  entry.pending ??= entry.load().then((component) => {
    entry.component = component;
    return component;
  });
  return entry.pending;
}

/** A part's entry in the registry (the server loads every one before its first page). */
export function registerPart(key: string, load: Entry['load'], afterHydration = false): Entry {
  const entry: Entry = { load, afterHydration };
  parts.set(key, entry);
  if (typeof document === 'undefined') void loadEntry(entry);
  return entry;
}

export function latePart<Props extends object>(
  key: string,
  load: () => Promise<ComponentType<Props>>,
  fallback: ReactNode = null,
): ComponentType<Props> & { preload(): void } {
  const entry = registerPart(key, load as Entry['load']);

  function LatePart(props: Props) {
    const Component = usePart<Props>(entry);
    if (!Component) return <>{fallback}</>;
    return (
      <>
        <template data-late-part={key} />
        <Component {...props} />
      </>
    );
  }
  LatePart.displayName = `LatePart(${key})`;
  LatePart.preload = () => void loadEntry(entry);
  return LatePart;
}

/** The part's code, once here (at once if it already is); `before` runs between its load and its first drawing. */
export function usePart<Props>(entry: Entry, before?: () => Promise<unknown>) {
  const [Component, setComponent] = useState(() => entry.component as ComponentType<Props> | undefined);
  // biome-ignore lint/correctness/useExhaustiveDependencies: a part's entry and its first step are fixed for its life
  useEffect(() => {
    if (Component) return;
    let current = true;
    loadEntry(entry)
      .then(async (loaded) => {
        await before?.();
        if (current) setComponent(() => loaded as ComponentType<Props>);
      })
      .catch((error: unknown) => console.error('A part of this page could not load.', error));
    return () => {
      current = false;
    };
  }, [Component]);
  return Component;
}

/**
 * Server: every registered part loaded (route modules register theirs when they are evaluated,
 * and a part's own module may register parts inside it: those too).
 */
export async function latePartsReady(): Promise<void> {
  for (let count = -1; count !== parts.size; ) {
    count = parts.size;
    await Promise.all([...parts.values()].map(loadEntry));
  }
}

/**
 * Browser, before hydration: the parts the server rendered into this page (or into a part made
 * live after it), loaded, but for those made live after the page. A part inside another is
 * registered only once the outer part's module has run, so this goes round until no rendered part
 * is left to load.
 */
export async function loadRenderedParts(root: ParentNode = document): Promise<void> {
  const keys = new Set([...root.querySelectorAll('template[data-late-part]')].map((marker) => marker.getAttribute('data-late-part') ?? ''));
  const started = new Set<string>();
  for (;;) {
    const next = [...keys].filter((key) => parts.has(key) && !started.has(key) && !parts.get(key)!.afterHydration);
    if (next.length === 0) return;
    for (const key of next) started.add(key);
    await Promise.all(next.map((key) => loadEntry(parts.get(key)!)));
  }
}
