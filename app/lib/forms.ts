import type { DefaultValue, Submission, SubmissionResult, useForm } from '@conform-to/react';
import { useActionData, useNavigation } from '@remix-run/react';
import { useEffect, useLayoutEffect, useState, useSyncExternalStore } from 'react';
import type { z } from 'zod';
import { addLiveForm, Listeners, type LiveEntry, type LiveResult, nextLiveKey, removeLiveForm, whenLive } from './live-forms';

/**
 * The one way a screen talks to the server (ADR 0050): a Remix <Form> posts to the action of
 * the route that renders it, with JavaScript on or off. The action parses the form with the
 * same zod schema the browser checked it with (Conform) and answers a redirect on success or
 * `formReply(...)` with the field errors, which the page renders in the form it came from.
 *
 * Conform, zod and Conform's zod reader (about 38 KB gzipped) are not part of a page's first load
 * (ADR 0185, ADR 0222): a form is drawn from its first-paint state (the state Conform starts
 * from: ids, the values to show, the action's errors, the constraints) and goes live the first
 * time the user focuses or presses something in it. Then Conform's `useForm` runs for it in
 * `<LiveForms />` (root.tsx), outside the form's own tree, so the form's elements stay the same
 * ones (nothing remounts, nothing typed is lost) and from then on it renders Conform's state.
 * Until then (or if it is submitted first) the form posts as it is and the action answers with
 * the same schema's errors, as without JavaScript.
 */

/** What an action answers when a form needs correcting: which form (its intent) and Conform's reply. */
export interface FormReply {
  intent: string;
  result: SubmissionResult<string[]>;
}

/**
 * A form's schema as the browser gets it: loaded on first use, and meanwhile the constraints
 * the page renders (required, pattern), which are getZodConstraint(schema) written out
 * (app/lib/form-schemas.test.ts checks they stay equal).
 */
export interface LazySchema<Schema extends z.ZodType> {
  load(): Promise<Schema>;
  constraint: NonNullable<FormOptions['constraint']>;
}

type FormOptions = Parameters<typeof useForm>[0];
type Validator = (formData: FormData) => Submission<unknown, string[], unknown>;
type SchemaForm<Schema extends z.ZodType> = ReturnType<typeof useForm<z.input<Schema> & Record<string, unknown>, z.output<Schema>>>;

/**
 * A Conform form for `schema`, showing the errors the action returned for this intent: the
 * browser checks on blur and on submit with JavaScript, the action checks the same rules
 * always, and without JavaScript the schema's constraints (required, maxLength) still apply.
 */
export function useSchemaForm<Schema extends z.ZodType>(
  intent: string,
  schema: LazySchema<Schema>,
  options: {
    id?: string;
    defaultValue?: Record<string, string>;
    shouldValidate?: 'onSubmit' | 'onBlur';
    /** false: no required/maxLength attributes, so without JavaScript the action's own message answers an empty field. */
    constraint?: boolean;
  } = {},
): SchemaForm<Schema> {
  const reply = useActionData<FormReply | undefined>();
  const id = options.id ?? intent;
  const formOptions = {
    id,
    lastResult: reply?.intent === intent ? reply.result : undefined,
    defaultValue: options.defaultValue as DefaultValue<Record<string, unknown>> | undefined,
    constraint: options.constraint === false ? undefined : schema.constraint,
    shouldValidate: options.shouldValidate ?? 'onBlur',
    shouldRevalidate: 'onInput',
  } satisfies FormOptions;
  const live = useLiveForm(id, schema, formOptions);
  return (live ?? firstPaintForm(formOptions)) as unknown as SchemaForm<Schema>;
}

/** The intent of the page's form on its way, or null (the pending state of ADR 0050). */
export function usePendingIntent(): string | null {
  const navigation = useNavigation();
  if (navigation.state === 'idle' || navigation.formMethod?.toLowerCase() !== 'post') return null;
  return String(navigation.formData?.get('intent') ?? '');
}

/** True while the page's form with this intent is on its way. */
export const useIsPending = (intent: string): boolean => usePendingIntent() === intent;

// ---------------------------------------------------------------------------------------------
// First paint: what Conform's useForm gives before any input (createFormMeta in @conform-to/dom):
// the values are the action's (lastResult.initialValue) or the defaults, empty ones left out;
// the errors are the action's. forms.test.tsx renders every form both ways and compares.

type Values = Record<string, unknown>;

/** Conform's normalize for a flat form: empty strings and nulls are no value. */
function present(values: Values | null | undefined): Values {
  const result: Values = {};
  for (const [name, value] of Object.entries(values ?? {})) if (value !== '' && value !== null && value !== undefined) result[name] = value;
  return result;
}

export function firstPaintForm(options: FormOptions) {
  const formId = options.id as string;
  const lastResult = options.lastResult ?? undefined;
  const initialValue = present((lastResult?.initialValue ?? options.defaultValue) as Values | undefined);
  const errors = (lastResult?.error ?? {}) as Record<string, string[] | null | undefined>;
  const constraint = (options.constraint ?? {}) as Record<string, Record<string, unknown>>;
  const field = (name: string) => {
    const id = name ? `${formId}-${name}` : formId;
    const allErrors = name
      ? Object.fromEntries(Object.entries(errors).filter(([key]) => key === name || key.startsWith(`${name}.`) || key.startsWith(`${name}[`)))
      : errors;
    return {
      id,
      name,
      formId,
      errorId: `${id}-error`,
      descriptionId: `${id}-description`,
      initialValue: initialValue[name],
      value: initialValue[name],
      errors: errors[name],
      allErrors,
      valid: Object.keys(allErrors).length === 0,
      dirty: false,
      key: undefined,
      ...(constraint[name] ?? {}),
    };
  };
  const form = {
    ...field(''),
    status: lastResult?.status,
    noValidate: true,
    onSubmit: undefined,
    // An example prompt chosen before the form is live: applied by Conform once it is.
    update: (change: unknown) => void whenLive(formId).then(([live]) => live.update(change as never)),
  };
  const fields = new Proxy({}, { get: (_, name) => (typeof name === 'string' ? field(name) : undefined) });
  return [form, fields] as const;
}

// ---------------------------------------------------------------------------------------------
// Live: Conform's useForm for the form, run by <LiveForms /> (live-forms.ts) and handed to it.

const useClientLayoutEffect = typeof document === 'undefined' ? useEffect : useLayoutEffect;
const noSubscription = () => () => {};

/** Conform's [form, fields] for form `id` once it is live, null before. */
function useLiveForm<Schema extends z.ZodType>(id: string, schema: LazySchema<Schema>, options: FormOptions): LiveResult | null {
  const [entry, setEntry] = useState<LiveEntry | null>(null);
  const result = useSyncExternalStore(
    entry ? entry.toForm.subscribe : noSubscription,
    () => entry?.result ?? null,
    () => null,
  );

  // The action's answer reaches Conform (its useForm reports a new lastResult).
  useClientLayoutEffect(() => {
    if (!entry || entry.options.lastResult === options.lastResult) return;
    entry.options = { ...entry.options, lastResult: options.lastResult };
    entry.toRunner.notify();
  });

  const [latest] = useState(() => ({ options }));
  latest.options = options;
  useEffect(() => {
    let cancelled = false;
    let created: LiveEntry | null = null;
    const events = ['focusin', 'pointerdown'] as const;
    const stop = () => {
      for (const name of events) document.removeEventListener(name, onUse, true);
    };
    function onUse(event: Event) {
      const target = event.target as (Element & { form?: HTMLFormElement | null }) | null;
      if (!target || (target.form?.id !== id && !target.closest?.(`form[id="${CSS.escape(id)}"]`))) return;
      stop();
      Promise.all([import('@conform-to/react'), schema.load(), import('@conform-to/zod/v4')]).then(([conform, loadedSchema, { parseWithZod }]) => {
        if (cancelled) return;
        const validate: Validator = (formData) => parseWithZod(formData, { schema: loadedSchema });
        const entry: LiveEntry = {
          key: nextLiveKey(),
          id,
          conform,
          options: { ...latest.options, onValidate: ({ formData }) => validate(formData) },
          result: null,
          toForm: new Listeners(),
          toRunner: new Listeners(),
        };
        created = entry;
        addLiveForm(entry);
        setEntry(entry);
      });
    }
    for (const name of events) document.addEventListener(name, onUse, true);
    return () => {
      cancelled = true;
      stop();
      if (created) removeLiveForm(created);
    };
  }, [id, schema, latest]);

  return result;
}
