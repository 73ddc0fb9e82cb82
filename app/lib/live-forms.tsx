import type { useForm } from '@conform-to/react';
import { useLayoutEffect, useSyncExternalStore } from 'react';

/**
 * The forms that went live (app/lib/forms.ts, ADR 0222): for each, Conform's useForm runs in a
 * runner rendered by <LiveForms /> (root.tsx), outside the form's own tree, and hands its
 * [form, fields] to the form. So the form's elements are never replaced when it goes live.
 * This module has no Conform in it: every page loads it with the root.
 */
type FormOptions = Parameters<typeof useForm>[0];

export type Conform = typeof import('@conform-to/react');
export type LiveResult = ReturnType<Conform['useForm']>;

export class Listeners {
  private listeners = new Set<() => void>();
  subscribe = (listener: () => void) => {
    this.listeners.add(listener);
    return () => {
      this.listeners.delete(listener);
    };
  };
  notify() {
    for (const listener of this.listeners) listener();
  }
}

export interface LiveEntry {
  key: number;
  id: string;
  conform: Conform;
  options: FormOptions;
  result: LiveResult | null;
  /** The form's components, told when Conform's state changed. */
  toForm: Listeners;
  /** Its runner in <LiveForms />, told when the form's options changed. */
  toRunner: Listeners;
}

let nextKey = 0;
export const nextLiveKey = () => nextKey++;
let liveList: LiveEntry[] = [];
const toHost = new Listeners();
const waiting = new Map<string, Array<(result: LiveResult) => void>>();

export function whenLive(id: string): Promise<LiveResult> {
  const result = liveList.find((entry) => entry.id === id)?.result;
  if (result) return Promise.resolve(result);
  return new Promise((resolve) => waiting.set(id, [...(waiting.get(id) ?? []), resolve]));
}

export function addLiveForm(entry: LiveEntry) {
  liveList = [...liveList, entry];
  toHost.notify();
}

export function removeLiveForm(entry: LiveEntry) {
  liveList = liveList.filter((current) => current !== entry);
  toHost.notify();
}

/** Runs Conform's useForm for every form in use; rendered once, in root.tsx. */
export function LiveForms() {
  const entries = useSyncExternalStore(
    toHost.subscribe,
    () => liveList,
    () => liveList,
  );
  return (
    <>
      {entries.map((entry) => (
        <LiveForm key={entry.key} entry={entry} />
      ))}
    </>
  );
}

function LiveForm({ entry }: { entry: LiveEntry }) {
  const options = useSyncExternalStore(
    entry.toRunner.subscribe,
    () => entry.options,
    () => entry.options,
  );
  const [form, fields] = entry.conform.useForm(options);
  // Read here, so any change of Conform's state renders this runner again (it subscribes to what
  // its render read) and the new state reaches the form.
  void [form.status, form.value, form.initialValue, form.allErrors, form.key, form.valid, form.dirty];
  useLayoutEffect(() => {
    entry.result = [form, fields];
    entry.toForm.notify();
    const resolve = waiting.get(entry.id);
    waiting.delete(entry.id);
    for (const done of resolve ?? []) done([form, fields]);
  });
  // What was typed while Conform was on its way: an input event on the form makes it read the values.
  useLayoutEffect(() => {
    const element = document.forms.namedItem(entry.id);
    const field = element && [...element.elements].find((field) => field instanceof HTMLInputElement && field.type === 'hidden' && field.name !== '');
    field?.dispatchEvent(new Event('input', { bubbles: true }));
  }, [entry]);
  return null;
}
