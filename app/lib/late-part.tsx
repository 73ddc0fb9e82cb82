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
 */
interface Entry {
  load(): Promise<ComponentType<never>>;
  component?: ComponentType<never>;
  pending?: Promise<ComponentType<never>>;
}

const parts = new Map<string, Entry>();

function loadEntry(entry: Entry): Promise<ComponentType<never>> {
  entry.pending ??= entry.load().then((component) => {
    entry.component = component;
    return component;
  });
  return entry.pending;
}

export function latePart<Props extends object>(
  key: string,
  load: () => Promise<ComponentType<Props>>,
  fallback: ReactNode = null,
): ComponentType<Props> & { preload(): void } {
  const entry: Entry = { load: load as Entry['load'] };
  parts.set(key, entry);
  if (typeof document === 'undefined') void loadEntry(entry);

  function LatePart(props: Props) {
    const [Component, setComponent] = useState(() => entry.component as ComponentType<Props> | undefined);
    useEffect(() => {
      if (Component) return;
      let current = true;
      loadEntry(entry).then((loaded) => {
        if (current) setComponent(() => loaded as ComponentType<Props>);
      });
      return () => {
        current = false;
      };
    }, [Component]);
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
 * Browser, before hydration: the parts the server rendered into this page, loaded. A part inside
 * another is registered only once the outer part's module has run, so this goes round until no
 * rendered part is left to load.
 */
export async function loadRenderedParts(): Promise<void> {
  const keys = new Set([...document.querySelectorAll('template[data-late-part]')].map((marker) => marker.getAttribute('data-late-part') ?? ''));
  const started = new Set<string>();
  for (;;) {
    const next = [...keys].filter((key) => parts.has(key) && !started.has(key));
    if (next.length === 0) return;
    for (const key of next) started.add(key);
    await Promise.all(next.map((key) => loadEntry(parts.get(key)!)));
  }
}
