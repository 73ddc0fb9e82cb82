import { parse, useForm, type DefaultValue, type Submission, type SubmissionResult } from '@conform-to/react';
import { useActionData, useNavigation } from '@remix-run/react';
import { useEffect, useState } from 'react';
import type { z } from 'zod';

/**
 * The one way a screen talks to the server (ADR 0050): a Remix <Form> posts to the action of
 * the route that renders it, with JavaScript on or off. The action parses the form with the
 * same zod schema the browser checked it with (Conform) and answers a redirect on success or
 * `formReply(...)` with the field errors, which the page renders in the form it came from.
 *
 * zod and Conform's zod reader (about 28 KB gzipped) are not part of a page's first load
 * (ADR 0185): a form's schema is loaded when the user first focuses or presses something in it.
 * Until then (or if it is submitted first) the form posts as it is and the action answers with
 * the same schema's errors, as without JavaScript; a field is not checked on blur meanwhile.
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
  constraint: NonNullable<Parameters<typeof useForm>[0]['constraint']>;
}

type Validator<Schema extends z.ZodType> = (formData: FormData) => Submission<z.input<Schema>, string[], z.output<Schema>>;

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
) {
  const reply = useActionData<FormReply | undefined>();
  const id = options.id ?? intent;
  const validate = useValidatorOnFirstUse(id, schema);
  return useForm<z.input<Schema> & Record<string, unknown>, z.output<Schema>>({
    id,
    lastResult: reply?.intent === intent ? reply.result : undefined,
    defaultValue: options.defaultValue as DefaultValue<z.input<Schema> & Record<string, unknown>> | undefined,
    constraint: options.constraint === false ? undefined : schema.constraint,
    shouldValidate: options.shouldValidate ?? 'onBlur',
    shouldRevalidate: 'onInput',
    onValidate: ({ formData }) => validate(formData),
  });
}

/** Each schema's check, once its load has started: shared by every form that uses the schema. */
const validators = new WeakMap<LazySchema<z.ZodType>, { ready?: Validator<z.ZodType>; loading: Promise<Validator<z.ZodType>> }>();

function loadValidator<Schema extends z.ZodType>(schema: LazySchema<Schema>): Promise<Validator<Schema>> {
  let entry = validators.get(schema);
  if (!entry) {
    const loading = Promise.all([schema.load(), import('@conform-to/zod/v4')]).then(([loadedSchema, { parseWithZod }]) => {
      const validate: Validator<z.ZodType> = (formData) => parseWithZod(formData, { schema: loadedSchema });
      if (entry) entry.ready = validate;
      return validate;
    });
    // A load that failed (a dropped connection) is tried again on the next use; the action checks meanwhile.
    loading.catch(() => validators.delete(schema));
    entry = { loading };
    validators.set(schema, entry);
  }
  return entry.loading as Promise<Validator<Schema>>;
}

/**
 * Until the schema is loaded: a submit goes to the action as it is (which checks it with the same
 * schema), and a field's check on blur waits for the schema. Without this, Conform would ask the
 * action to check the field by posting the form, and that post could take the place of the
 * user's own submit (a campaign typed before the page was live, then "Create": nothing created).
 */
const notYetChecked = (formData: FormData) => parse(formData, { resolve: (payload) => ({ value: payload }) });

/**
 * The schema's check, loaded the first time a field or button of form `id` gets focus or a
 * press. The load is kept per schema, so a form that is drawn again (a section becoming a modal
 * as the page goes live) picks up a load its first drawing started.
 */
function useValidatorOnFirstUse<Schema extends z.ZodType>(id: string, schema: LazySchema<Schema>): Validator<Schema> {
  const [validator, setValidator] = useState<{ validate: Validator<Schema> } | null>(() => {
    const ready = validators.get(schema)?.ready;
    return ready ? { validate: ready as Validator<Schema> } : null;
  });
  const loaded = validator !== null;
  useEffect(() => {
    if (loaded) return;
    let cancelled = false;
    const use = () =>
      loadValidator(schema).then(
        (validate) => {
          if (!cancelled) setValidator({ validate });
        },
        () => {},
      );
    const events = ['focusin', 'pointerdown'] as const;
    const stop = () => {
      for (const name of events) document.removeEventListener(name, onUse, true);
    };
    function onUse(event: Event) {
      const target = event.target as (Element & { form?: HTMLFormElement | null }) | null;
      if (!target || (target.form?.id !== id && !target.closest?.(`form[id="${CSS.escape(id)}"]`))) return;
      stop();
      void use();
    }
    if (validators.has(schema)) void use();
    else for (const name of events) document.addEventListener(name, onUse, true);
    return () => {
      cancelled = true;
      stop();
    };
  }, [id, schema, loaded]);
  return validator?.validate ?? (notYetChecked as Validator<Schema>);
}

/** The intent of the page's form on its way, or null (the pending state of ADR 0050). */
export function usePendingIntent(): string | null {
  const navigation = useNavigation();
  if (navigation.state === 'idle' || navigation.formMethod?.toLowerCase() !== 'post') return null;
  return String(navigation.formData?.get('intent') ?? '');
}

/** True while the page's form with this intent is on its way. */
export const useIsPending = (intent: string): boolean => usePendingIntent() === intent;
