import { useForm, type SubmissionResult } from '@conform-to/react';
import { getZodConstraint, parseWithZod } from '@conform-to/zod/v4';
import { useActionData, useNavigation } from '@remix-run/react';
import type { z } from 'zod';

/**
 * The one way a screen talks to the server (ADR 0050): a Remix <Form> posts to the action of
 * the route that renders it, with JavaScript on or off. The action parses the form with the
 * same zod schema the browser checked it with (Conform) and answers a redirect on success or
 * `formReply(...)` with the field errors, which the page renders in the form it came from.
 */

/** What an action answers when a form needs correcting: which form (its intent) and Conform's reply. */
export interface FormReply {
  intent: string;
  result: SubmissionResult<string[]>;
}

/** Server side: the form's fields checked against its schema (the same call Conform makes in the browser). */
export const parseForm = <Schema extends z.ZodType>(form: FormData, schema: Schema) => parseWithZod(form, { schema });

/**
 * A Conform form for `schema`, showing the errors the action returned for this intent: the
 * browser checks on blur and on submit with JavaScript, the action checks the same rules
 * always, and without JavaScript the schema's constraints (required, maxLength) still apply.
 */
export function useSchemaForm<Schema extends z.ZodType>(
  intent: string,
  schema: Schema,
  options: {
    id?: string;
    defaultValue?: Record<string, string>;
    shouldValidate?: 'onSubmit' | 'onBlur';
    /** false: no required/maxLength attributes, so without JavaScript the action's own message answers an empty field. */
    constraint?: boolean;
  } = {},
) {
  const reply = useActionData<FormReply | undefined>();
  return useForm({
    id: options.id ?? intent,
    lastResult: reply?.intent === intent ? reply.result : undefined,
    defaultValue: options.defaultValue,
    constraint: options.constraint === false ? undefined : getZodConstraint(schema),
    shouldValidate: options.shouldValidate ?? 'onBlur',
    shouldRevalidate: 'onInput',
    onValidate: ({ formData }) => parseWithZod(formData, { schema }),
  });
}

/** The intent of the page's form on its way, or null (the pending state of ADR 0050). */
export function usePendingIntent(): string | null {
  const navigation = useNavigation();
  if (navigation.state === 'idle' || navigation.formMethod?.toLowerCase() !== 'post') return null;
  return String(navigation.formData?.get('intent') ?? '');
}

/** True while the page's form with this intent is on its way. */
export const useIsPending = (intent: string): boolean => usePendingIntent() === intent;
