import * as z from 'zod/mini';
import { EVENT_LIMITS, EVENT_TYPES, isEventType, splitCommaList } from './timeline';

/**
 * A timeline event's fields: one schema for the body of POST and PUT .../timeline/events, the
 * domain, and the event form (the modal and its no-JavaScript panel, read in the browser and in
 * the action, so the field errors match); the proposals' accept form is derived from it. zod/mini,
 * as every form schema (ADR 0247).
 */

const required = (label: string) => (issue: { input: unknown }) =>
  issue.input === undefined || issue.input === null ? `${label} is required` : `${label} must be text`;

const described = <Schema extends z.ZodMiniType>(schema: Schema, description: string): Schema => {
  z.globalRegistry.add(schema, { description });
  return schema;
};

const optionalText = (label: string, max: number) =>
  z.pipe(
    z.nullish(z.string({ error: `${label} must be text` }).check(z.trim(), z.maxLength(max, `${label} is too long (${max} characters at most)`))),
    z.transform((value) => value ?? ''),
  );

/** A list as an array of strings or one comma-separated string; trimmed, blanks and repeats dropped. */
const listField = (label: string) =>
  z.pipe(
    z.nullish(z.union([z.array(z.string({ error: `${label} must be text` })), z.string()], { error: `${label} must be a list of text` })),
    // The list checked as a whole, so its message is the field's: a form shows it beside the field.
    z
      .transform((value: string | string[] | null | undefined) => splitCommaList(value ?? []))
      .check(
        z.refine((entries) => entries.every((entry) => entry.length <= EVENT_LIMITS.listItem), `${label} entries are ${EVENT_LIMITS.listItem} characters at most`),
        z.refine((entries) => entries.length <= EVENT_LIMITS.listItems, `${label}: ${EVENT_LIMITS.listItems} entries at most`),
      ),
  );

const LINKED_DOCUMENTS_MESSAGE = 'linked_documents must be a list of document ids';

export const eventFieldsSchema = z.object({
  title: z
    .string({ error: required('Title') })
    .check(z.trim(), z.minLength(1, 'Title is required'), z.maxLength(EVENT_LIMITS.title, `Title is too long (${EVENT_LIMITS.title} characters at most)`)),
  date: described(
    z.nullish(z.string({ error: 'Date must be text' }).check(z.trim())),
    "In the campaign's calendar. Gregorian (the default): ISO 8601 'YYYY-MM-DD' with astronomical years ('-0500-03-01' is 1 March 501 BC, '+12000-01-01' beyond 9999). A campaign's own calendar: 'YEAR-MM-DD' with the month's position in the year. Give date or day.",
  ),
  day: described(
    z.nullish(
      z.number({ error: 'day must be a whole number of days since 1970-01-01' }).check(z.int({ error: 'day must be a whole number of days since 1970-01-01' })),
    ),
    'The day number (days since 1970-01-01, proleptic Gregorian), instead of date',
  ),
  event_type: z
    .string({ error: required('Event type (event_type)') })
    .check(z.trim(), z.refine(isEventType, `Event type (event_type) must be one of: ${EVENT_TYPES.join(', ')}`)),
  description: optionalText('Description', EVENT_LIMITS.description),
  location: optionalText('Location', EVENT_LIMITS.location),
  participants: listField('Participants'),
  tags: listField('Tags'),
  linked_documents: z.pipe(
    z.nullish(
      z
        .array(z.string({ error: LINKED_DOCUMENTS_MESSAGE }), { error: LINKED_DOCUMENTS_MESSAGE })
        .check(z.maxLength(EVENT_LIMITS.linkedDocuments, `linked_documents: ${EVENT_LIMITS.linkedDocuments} documents at most`)),
    ),
    z.transform((ids) => [...new Set(ids ?? [])]),
  ),
  player_visible: described(
    z.pipe(
      z.nullish(z.union([z.boolean(), z.enum(['on', 'true', 'false', '1', '0'])], { error: 'player_visible must be true or false' })),
      z.transform((value) => (value === undefined || value === null ? undefined : value === true || value === 'on' || value === 'true' || value === '1')),
    ),
    'Shown to the players of the campaign (default false: GM-only). Left out on an update: unchanged.',
  ),
});
export type EventInput = z.input<typeof eventFieldsSchema>;
/** An event's fields once checked. */
export type EventFields = z.output<typeof eventFieldsSchema>;

/** A form's ticked boxes: one ticked box posts one value, read as a list of one. */
const listOfTicked = <Schema extends z.ZodMiniType>(schema: Schema) =>
  z.pipe(
    z.transform((value: unknown) => (typeof value === 'string' ? [value] : value)),
    schema,
  );

/**
 * The event form (the modal and the no-JavaScript panel): the event's fields, its date as typed
 * (no day number), and the linked documents as its boxes post them.
 */
export const eventFormSchema = z.extend(z.omit(eventFieldsSchema, { day: true }), {
  linked_documents: listOfTicked(eventFieldsSchema.shape.linked_documents),
});

/** A proposal's accepted fields, the GM's edits, and `merge_into`: an existing event to link the document to instead of adding one. */
export const acceptProposalFieldsSchema = z.extend(z.partial(eventFieldsSchema), {
  merge_into: described(z.nullish(z.string({ error: 'merge_into must be an event id' })), 'An existing event to merge the proposal into'),
});
export type AcceptProposalInput = z.input<typeof acceptProposalFieldsSchema>;
/** The body of POST .../timeline/proposals/:proposalId/accept: the fields, or nothing to accept the proposal as it is. */
export const acceptProposalBodySchema = z.nullish(acceptProposalFieldsSchema);

/** A proposal's card on the proposals page: the fields it shows, its title required (a cleared title is a mistake, not "keep the proposal's"). */
export const acceptProposalFormSchema = z.extend(
  z.pick(acceptProposalFieldsSchema, {
    date: true,
    event_type: true,
    location: true,
    participants: true,
    description: true,
    player_visible: true,
    merge_into: true,
  }),
  { title: eventFieldsSchema.shape.title },
);
