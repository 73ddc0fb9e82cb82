import { useActionData, useNavigation } from '@remix-run/react';
import { type FocusEvent, type FormEvent, useEffect, useRef, useState } from 'react';
import type { $ZodType, input } from 'zod/v4/core';

/**
 * The one way a screen talks to the server (ADR 0050): a Remix <Form> posts to the action of
 * the route that renders it, with JavaScript on or off. The action parses the form with the
 * form's zod schema (`parseForm`, form-parse.ts) and answers a redirect on success or a
 * `FormReply` with the field errors, which the page renders in the form it came from.
 *
 * In the browser `useSchemaForm` (ADR 0239, our own in place of Conform's `useForm`) gives the
 * form its ids, the values and errors of the action's reply and the rendered constraints, and
 * with JavaScript checks fields with the same schema and the same parse: a field on blur, again on
 * every input once checked, the whole form on submit. The schema and the parse (zod/mini's and
 * Conform's, about 8 KB gzipped, ADR 0247) are not part of a page's first load (ADR 0185): a
 * form's schema is loaded when the user first presses, types in or leaves something in it, not
 * on a focus, which the page gives a modal's first field by itself (ADR 0254). A field left
 * before the checks arrive is checked once they do. Until then (or if it is submitted first) the
 * form posts as it is and the action answers with the same schema's errors, as without
 * JavaScript.
 */

/** The action's parse of a form (`parseForm(...).reply()`): the values sent, and the errors by field name ('' for the whole form). */
export interface FormResult {
  status?: 'success' | 'error';
  initialValue?: Record<string, unknown> | null;
  error?: Record<string, string[] | null>;
  fields?: string[];
}

/** What an action answers when a form needs correcting: which form (its intent) and the parse's reply. */
export interface FormReply {
  intent: string;
  result: FormResult;
}

/** A field's rendered constraints, as zod's schema gives them (getZodConstraint). */
export interface FieldConstraint {
  required?: boolean;
  pattern?: string;
  minLength?: number;
  maxLength?: number;
}

/**
 * A form's schema as the browser gets it: loaded on first use, and meanwhile the constraints
 * the page renders (required, pattern), which are getZodConstraint(schema) written out
 * (app/lib/form-schemas.test.ts checks they stay equal). Its keys are the form's fields.
 */
export interface LazySchema<Schema extends $ZodType> {
  load(): Promise<Schema>;
  constraint: Record<keyof input<Schema> & string, FieldConstraint>;
}

/** A form's errors by field name, '' for the form as a whole. */
export type FormErrors = Record<string, string[]>;

/** The schema's check of a whole form: its errors, none when it passes. */
type Validator = (formData: FormData) => FormErrors;

export interface FieldMetadata extends FieldConstraint {
  id: string;
  name: string;
  errorId: string;
  formId: string;
  /** The errors shown: the action's, or the browser's once the field has been checked. */
  errors: string[] | undefined;
  /** The value the field is drawn with: the action's reply's, or the form's default; never ''. */
  initialValue: string | undefined;
  /** The value now (updated as the user types). */
  value: string | undefined;
}

export interface FormMetadata {
  id: string;
  errorId: string;
  /** The errors of the form as a whole (a refusal by the domain, from the action). */
  errors: string[] | undefined;
  allErrors: FormErrors;
  /** Sets a field's value as if typed (an example prompt picked), and checks it again if it was checked. */
  update(change: { name: string; value: string }): void;
  handlers: {
    onPointerDown(): void;
    onSubmit(event: FormEvent<HTMLFormElement>): void;
    onInput(event: FormEvent<HTMLFormElement>): void;
    onBlur(event: FocusEvent<HTMLFormElement>): void;
  };
}

interface FormState {
  id: string;
  reply: FormResult | undefined;
  initial: Record<string, string>;
  /** Fields the browser has checked (left, submitted, or answered by the action): their errors show and follow input. */
  validated: Record<string, true>;
  errors: FormErrors;
  /** A reply whose first invalid field is to be focused. */
  focus?: FormResult;
}

/** A form's values as its fields are drawn: strings only, empty ones left out. */
export function shownValues(values: Record<string, unknown> | null | undefined): Record<string, string> {
  const shown: Record<string, string> = {};
  for (const [name, value] of Object.entries(values ?? {})) if (typeof value === 'string' && value !== '') shown[name] = value;
  return shown;
}

/** The errors of a parse or a reply, without the fields it found valid. */
export function errorsOf(error: Record<string, string[] | null | undefined> | null | undefined): FormErrors {
  const errors: FormErrors = {};
  for (const [name, messages] of Object.entries(error ?? {})) if (messages?.length) errors[name] = messages;
  return errors;
}

/** Of all the errors a check found, those of the fields checked so far. */
export function shownErrors(all: FormErrors, validated: Record<string, true>): FormErrors {
  return Object.fromEntries(Object.entries(all).filter(([name]) => validated[name]));
}

/** The state a form starts from: the action's reply for it if there is one, else its defaults. */
export function startState(id: string, reply: FormResult | undefined, defaultValue: Record<string, string> | undefined): FormState {
  return answered({ id, reply: undefined, initial: shownValues(reply?.initialValue ?? defaultValue), validated: {}, errors: {} }, reply);
}

/** The state after the action answered: its values and errors, every field it read counted as checked. */
export function answered(state: FormState, reply: FormResult | undefined): FormState {
  if (!reply) return state;
  const errors = errorsOf(reply.error);
  const validated = { ...state.validated };
  for (const name of [...Object.keys(errors), ...(reply.fields ?? [])]) validated[name] = true;
  return { ...state, reply, initial: shownValues(reply.initialValue ?? state.initial), validated, errors };
}

const valuesOf = (form: HTMLFormElement) => shownValues(Object.fromEntries(new FormData(form)));

/** The named field an event happened on, if it belongs to `form`. */
function fieldOf(form: HTMLFormElement, target: EventTarget | null): string | null {
  const field = target as HTMLInputElement | null;
  return field && 'form' in field && field.form === form && field.name ? field.name : null;
}

function focusFirstError(form: HTMLFormElement | null, errors: FormErrors) {
  for (const element of Array.from(form?.elements ?? [])) {
    const field = element as HTMLInputElement;
    if (field.name && errors[field.name]) {
      field.focus();
      return;
    }
  }
}

/**
 * A form for `schema`, showing the errors the action returned for this intent: the browser
 * checks on blur (or on submit only, with `shouldValidate: 'onSubmit'`) and again on each input
 * once a field was checked, the action checks the same rules always, and without JavaScript the
 * schema's constraints (required, maxLength) are still in the page.
 */
export function useSchemaForm<Schema extends $ZodType>(intent: string, schema: LazySchema<Schema>, options: FormOptions = {}) {
  return useFormAnswered(useActionData<FormReply | undefined>(), intent, schema, options);
}

export interface FormOptions {
  id?: string;
  defaultValue?: Record<string, string>;
  shouldValidate?: 'onSubmit' | 'onBlur';
  /** false: no required/maxLength attributes, so without JavaScript the action's own message answers an empty field. */
  constraint?: boolean;
}

/** useSchemaForm with the page's action data given (app/lib/forms.test.ts draws forms with it). */
export function useFormAnswered<Schema extends $ZodType>(
  actionData: FormReply | undefined,
  intent: string,
  schema: LazySchema<Schema>,
  options: FormOptions,
): [FormMetadata, Record<keyof input<Schema> & string, FieldMetadata>] {
  const reply = actionData?.intent === intent ? actionData.result : undefined;
  const id = options.id ?? intent;
  const [state, setState] = useState(() => startState(id, reply, options.defaultValue));
  // The values now, as typed: what a field's `value` reads.
  const [values, setValues] = useState(state.initial);

  // Another form (a different id) starts afresh; a new reply from the action is shown, and its first invalid field focused.
  let current = state;
  if (state.id !== id) current = { ...startState(id, undefined, options.defaultValue), reply };
  else if (reply && reply !== state.reply) current = { ...answered(state, reply), focus: reply.status === 'error' ? reply : undefined };
  if (current !== state) {
    setState(current);
    setValues(current.initial);
  }
  const focused = useRef<FormResult | undefined>(undefined);
  useEffect(() => {
    if (!state.focus || focused.current === state.focus) return;
    focused.current = state.focus;
    focusFirstError(document.forms.namedItem(id), state.errors);
  });

  // The schema's check, loaded the first time a field or button of the form gets a press, an input
  // or a blur. Not on focus: a modal opening focuses its first field, before any use. The load is
  // kept per schema, so a form drawn again (a section becoming a modal as the page goes live)
  // picks up a load its first drawing started.
  const [validate, setValidate] = useState(() => validators.get(schema)?.ready ?? null);
  const load = () => {
    if (!validate)
      loadValidator(schema).then(
        (loaded) => setValidate(() => loaded),
        () => {},
      );
  };
  // biome-ignore lint/correctness/useExhaustiveDependencies: once, as the form goes live
  useEffect(() => {
    if (validators.has(schema)) load();
  }, []);

  const check = (form: HTMLFormElement, validated: Record<string, true>, run: Validator) =>
    setState({ ...state, validated, errors: shownErrors(run(new FormData(form)), validated) });
  // Fields left before the checks arrived: checked as soon as they do, as a blur would have.
  const leftBeforeLoad = useRef<string[]>([]);
  // biome-ignore lint/correctness/useExhaustiveDependencies: when the checks arrive
  useEffect(() => {
    const form = document.forms.namedItem(id);
    if (!validate || !form || leftBeforeLoad.current.length === 0) return;
    const validated = { ...state.validated };
    for (const name of leftBeforeLoad.current) validated[name] = true;
    leftBeforeLoad.current = [];
    check(form, validated, validate);
  }, [validate]);
  const changed = (form: HTMLFormElement, name: string) => {
    setValues(valuesOf(form));
    if (validate && state.validated[name]) check(form, state.validated, validate);
  };

  const form: FormMetadata = {
    id,
    errorId: `${id}-error`,
    errors: state.errors[''],
    allErrors: state.errors,
    update({ name, value }) {
      const element = document.forms.namedItem(id)?.elements.namedItem(name) as HTMLInputElement | null;
      if (!element?.form) return;
      element.value = value;
      changed(element.form, name);
    },
    handlers: {
      onPointerDown: load,
      onSubmit(event) {
        const element = event.currentTarget;
        // A button marked formNoValidate (a proposal's Reject) posts without the checks, as in a browser's own validation.
        if ((event.nativeEvent as SubmitEvent).submitter?.hasAttribute('formnovalidate')) return;
        // Not loaded yet: the form goes to the action as it is, which checks it with the same schema.
        const all = validate?.(new FormData(element)) ?? {};
        const validated = { ...state.validated };
        for (const name of [...new FormData(element).keys(), ...Object.keys(all)]) validated[name] = true;
        setState({ ...state, validated, errors: all });
        if (Object.keys(all).length > 0) {
          event.preventDefault();
          focusFirstError(element, all);
        }
      },
      onInput(event) {
        load();
        const name = fieldOf(event.currentTarget, event.target);
        if (name) changed(event.currentTarget, name);
      },
      onBlur(event) {
        const name = fieldOf(event.currentTarget, event.target);
        if (!name || state.validated[name] || (options.shouldValidate ?? 'onBlur') !== 'onBlur') return;
        if (!validate) {
          if (!leftBeforeLoad.current.includes(name)) leftBeforeLoad.current.push(name);
          load();
          return;
        }
        check(event.currentTarget, { ...state.validated, [name]: true }, validate);
      },
    },
  };

  const fields = {} as Record<string, FieldMetadata>;
  for (const name of Object.keys(schema.constraint)) {
    const fieldId = `${id}-${name}`;
    fields[name] = {
      ...(options.constraint === false ? {} : schema.constraint[name as keyof typeof schema.constraint]),
      id: fieldId,
      name,
      errorId: `${fieldId}-error`,
      formId: id,
      errors: state.errors[name],
      initialValue: state.initial[name],
      value: values[name],
    };
  }
  return [form, fields];
}

/** Each schema's check, once its load has started: shared by every form that uses the schema. */
const validators = new WeakMap<LazySchema<$ZodType>, { ready?: Validator; loading: Promise<Validator> }>();

function loadValidator<Schema extends $ZodType>(schema: LazySchema<Schema>): Promise<Validator> {
  let entry = validators.get(schema);
  if (!entry) {
    const loading = Promise.all([schema.load(), import('./form-parse')]).then(([loadedSchema, { parseForm }]) => {
      const validate: Validator = (formData) => {
        const submission = parseForm(formData, loadedSchema);
        return submission.status === 'success' ? {} : errorsOf(submission.error);
      };
      if (entry) entry.ready = validate;
      return validate;
    });
    // A load that failed (a dropped connection) is tried again on the next use; the action checks meanwhile.
    loading.catch(() => validators.delete(schema));
    entry = { loading };
    validators.set(schema, entry);
  }
  return entry.loading;
}

/** A <form>'s props (spread on Remix's <Form>): its id, the browser's checks, and its error's description. */
export function getFormProps(form: FormMetadata) {
  return {
    id: form.id,
    ...form.handlers,
    noValidate: true,
    ...(form.errors ? { 'aria-describedby': form.errorId } : {}),
  };
}

/** What every field's control carries: the constraint, its ids, and its error's description while it has one. */
function controlProps(field: FieldMetadata) {
  return {
    ...(field.required ? { required: true } : {}),
    id: field.id,
    name: field.name,
    form: field.formId,
    ...(field.errors ? { 'aria-invalid': true, 'aria-describedby': field.errorId } : {}),
  };
}

const defined = <T extends object>(props: T): T => Object.fromEntries(Object.entries(props).filter(([, value]) => value !== undefined)) as T;

export const getInputProps = (field: FieldMetadata, options: { type: 'text' }) =>
  defined({
    ...controlProps(field),
    type: options.type,
    minLength: field.minLength,
    maxLength: field.maxLength,
    pattern: field.pattern,
    defaultValue: field.initialValue,
  });

export const getTextareaProps = (field: FieldMetadata) =>
  defined({ ...controlProps(field), minLength: field.minLength, maxLength: field.maxLength, defaultValue: field.initialValue });

export const getSelectProps = (field: FieldMetadata) => defined({ ...controlProps(field), defaultValue: field.initialValue });

/** The intent of the page's form on its way, or null (the pending state of ADR 0050). */
export function usePendingIntent(): string | null {
  const navigation = useNavigation();
  if (navigation.state === 'idle' || navigation.formMethod?.toLowerCase() !== 'post') return null;
  return String(navigation.formData?.get('intent') ?? '');
}

/** True while the page's form with this intent is on its way. */
export const useIsPending = (intent: string): boolean => usePendingIntent() === intent;
