import { lazy, type ComponentType } from 'react';

/**
 * A part of a screen whose code the browser loads after the page's own (ADR 0170): React.lazy,
 * rendered inside a <Suspense>; while it loads, the server's HTML of the part stays on screen.
 *
 * On the server the part is imported when the route module loads and then rendered at once. A
 * part that suspended there would be streamed after the rest of the page, hidden and moved into
 * place by a script, so without JavaScript it would never show.
 */
export function lazyPart<Props extends object>(load: () => Promise<ComponentType<Props>>): ComponentType<Props> {
  if (typeof document !== 'undefined') return lazy(() => load().then((component) => ({ default: component }))) as unknown as ComponentType<Props>;
  let loaded: ComponentType<Props> | undefined;
  const pending = load().then((component) => {
    loaded = component;
    return { default: component };
  });
  // React reads a thenable that calls back at once as already resolved (no suspense).
  // biome-ignore lint/suspicious/noThenProperty: a thenable is what React.lazy reads; this one is resolved already.
  const ready = () => ({ then: (resolve: (module: { default: ComponentType<Props> }) => void) => resolve({ default: loaded! }) });
  return lazy(() => (loaded ? (ready() as unknown as typeof pending) : pending)) as unknown as ComponentType<Props>;
}
