import { useMemo, useState } from 'react';
import type { TimelineDocument, TimelineEvent } from '../../../server/domain/timeline/timeline';
import type { Calendar } from '../../../contract/calendar';
import { DEFAULT_EVENT_TYPE, EVENT_LIMITS, EVENT_TYPE_MAP, EVENT_TYPES } from '../../../contract/timeline';
import { isoDayNumber, todayIso } from '../../../contract/timeline-dates';
import { FieldError } from '~/components/field-error';
import { eventForm } from '~/lib/form-schemas';
import { type FieldMetadata, type FormReply, getInputProps, getSelectProps, getTextareaProps, useFormAnswered } from '~/lib/forms';
import { useHydrated } from '~/lib/use-hydrated';
import { SAVE_EVENT } from './action-reply';
import { DatePicker } from './date-picker';

/** The values an event's form opens with: the event's, or a new one's on `today`. */
function eventDefaults(event: TimelineEvent | null, today: string): Record<string, string> {
  if (!event) return { event_type: DEFAULT_EVENT_TYPE, date: today };
  return {
    title: event.title,
    event_type: event.event_type,
    date: event.date,
    location: event.location,
    description: event.description,
    participants: event.participants.join(', '),
    tags: event.tags.join(', '),
    ...(event.player_visible ? { player_visible: 'on' } : {}),
  };
}

/**
 * The event form (ADR 0050): the schema's checks in the browser, and the action's reply (`reply`:
 * the page's action data for the panel, the modal's fetcher's data) drawn in it, what was typed
 * included. `id` tells the modal from the panel, both on the page at times.
 */
export function useEventForm({ id, reply, event, today }: { id: string; reply: FormReply | undefined; event: TimelineEvent | null; today: string }) {
  const [form, fields] = useFormAnswered(reply, SAVE_EVENT, eventForm, { id, defaultValue: eventDefaults(event, today) });
  const answered = reply?.intent === SAVE_EVENT ? reply.result.initialValue : undefined;
  // A refused form's ticked boxes come back with its reply; one box posts one value, several a list.
  const linked = answered ? [answered.linked_documents ?? []].flat().map(String) : (event?.linked_documents ?? []);
  return { form, fields, linked };
}

export type EventForm = ReturnType<typeof useEventForm>;

/** Title, type and date make an event (the date read in the campaign's calendar); everything else is optional. */
export function eventValuesValid({ fields }: EventForm, calendar: Calendar): boolean {
  return (fields.title.value ?? '').trim() !== '' && Boolean(fields.event_type.value) && calendar.parse(fields.date.value ?? '').ok;
}

/** A comma-separated list's input. Conform reads a text-or-list field as required (see form-schemas.ts); an empty list is fine. */
export const listInputProps = (field: FieldMetadata) => ({ ...getInputProps(field, { type: 'text' }), required: false });

/** The eight event types, as a select offers them. */
export function EventTypeOptions() {
  return EVENT_TYPES.map((type) => (
    <option key={type} value={type}>
      {EVENT_TYPE_MAP[type].name}
    </option>
  ));
}

interface EventFieldsProps {
  editor: EventForm;
  calendar: Calendar;
  documents: TimelineDocument[];
  autoFocus?: boolean;
}

/** The fields of the event modal (and of its no-JavaScript page section), each with its error beside it. */
export function EventFields({ editor: { form, fields, linked }, calendar, documents, autoFocus }: EventFieldsProps) {
  const hydrated = useHydrated();
  const [picking, setPicking] = useState(false);
  const date = fields.date.value ?? '';

  const parsed = date.trim() ? calendar.parse(date) : null;
  const problem = parsed && !parsed.ok ? parsed.problem : null;
  const placeholder = calendar.kind === 'gregorian' ? 'YYYY-MM-DD' : 'YEAR-MM-DD';
  const dateHelp = problem ?? (parsed?.ok ? `Reads as ${calendar.label(parsed.day)}` : placeholder);
  const pickerStart = parsed?.ok ? parsed.date : calendar.fromDay(isoDayNumber(todayIso())!);
  const helpId = `${fields.date.id}-help`;
  const ruleId = `${fields.date.id}-rule`;

  return (
    <div className="stack tl-fields">
      <label>
        <span>
          Title
          <RequiredMark />
        </span>
        <input {...getInputProps(fields.title, { type: 'text' })} maxLength={EVENT_LIMITS.title} autoFocus={autoFocus} autoComplete="off" />
        <FieldError field={fields.title} />
      </label>
      <div className="tl-field-pair">
        <div className="tl-field">
          <label htmlFor={fields.event_type.id}>
            Type
            <RequiredMark />
          </label>
          <select {...getSelectProps(fields.event_type)}>
            <EventTypeOptions />
          </select>
          <FieldError field={fields.event_type} />
        </div>
        <div className="tl-field">
          <label htmlFor={fields.date.id}>
            Date
            <RequiredMark />
          </label>
          <div className="tl-date-row">
            <input
              {...getInputProps(fields.date, { type: 'text' })}
              // Given a date or a day, the domain requires one: the form always asks for a date.
              required
              placeholder={placeholder}
              pattern={calendar.kind === 'gregorian' ? '[+\\-]?[0-9]{4,5}-[0-9]{1,2}-[0-9]{1,2}' : '[+\\-]?[0-9]{1,6}-[0-9]{1,3}-[0-9]{1,4}'}
              aria-describedby={[fields.date.errors && fields.date.errorId, helpId, ruleId].filter(Boolean).join(' ')}
              aria-invalid={problem || fields.date.errors ? true : undefined}
              autoComplete="off"
              spellCheck={false}
            />
            {hydrated && (
              <button type="button" className="button secondary" aria-expanded={picking} onClick={() => setPicking((open) => !open)}>
                Pick a date
              </button>
            )}
          </div>
          {picking && (
            <DatePicker
              idPrefix={form.id}
              calendar={calendar}
              value={pickerStart}
              onPick={(picked) => {
                form.update({ name: 'date', value: calendar.format(picked) });
                setPicking(false);
              }}
              onClose={() => setPicking(false)}
            />
          )}
          <p id={helpId} className={problem ? 'field-error tl-date-help' : 'muted small tl-date-help'} aria-live="polite">
            {dateHelp}
          </p>
          <FieldError field={fields.date} />
        </div>
      </div>
      <p id={ruleId} className="muted small tl-date-rule">
        {calendar.dateHint}
      </p>
      <label>
        Location
        <input {...getInputProps(fields.location, { type: 'text' })} maxLength={EVENT_LIMITS.location} autoComplete="off" />
        <FieldError field={fields.location} />
      </label>
      <label>
        Description
        <textarea {...getTextareaProps(fields.description)} maxLength={EVENT_LIMITS.description} rows={3} />
        <FieldError field={fields.description} />
      </label>
      <div className="tl-field-pair">
        <label>
          Participants
          <input {...listInputProps(fields.participants)} placeholder="Aria, Borin, Captain Vex" autoComplete="off" />
          <span className="muted small tl-field-note">Comma-separated</span>
          <FieldError field={fields.participants} />
        </label>
        <label>
          Tags
          <input {...listInputProps(fields.tags)} placeholder="heist, harbour" autoComplete="off" />
          <span className="muted small tl-field-note">Comma-separated</span>
          <FieldError field={fields.tags} />
        </label>
      </div>
      <LinkedDocuments idPrefix={form.id} documents={documents} checked={linked} />
      <FieldError field={fields.linked_documents} />
      <label className="checkbox-row">
        {/* Without the schema's constraint: an unticked box is "GM only", not a missing field. */}
        <input type="checkbox" name="player_visible" value="on" defaultChecked={fields.player_visible.initialValue === 'on'} />
        Visible to players <span className="muted small">(unchecked: only you, the GM, see this event)</span>
      </label>
    </div>
  );
}

function LinkedDocuments({ idPrefix, documents, checked }: { idPrefix: string; documents: TimelineDocument[]; checked: string[] }) {
  const groups = useMemo(() => {
    const byTome = new Map<string, { name: string; documents: TimelineDocument[] }>();
    for (const document of documents) {
      if (!document.linkable && !checked.includes(document.id)) continue;
      const group = byTome.get(document.dataset_id) ?? { name: document.dataset_name, documents: [] };
      group.documents.push(document);
      byTome.set(document.dataset_id, group);
    }
    return [...byTome.entries()];
  }, [documents, checked]);

  return (
    <fieldset className="tl-docs">
      <legend>Linked documents</legend>
      {groups.length === 0 ? (
        <p className="muted small">
          No documents to link yet. Link a Knowledge Tome to this campaign on the <a href="/dashboard?tab=campaigns">dashboard</a> and its documents appear here.
        </p>
      ) : (
        <div className="tl-doc-groups">
          {groups.map(([datasetId, group]) => (
            <div key={datasetId} className="tl-doc-group" role="group" aria-labelledby={`${idPrefix}-tome-${datasetId}`}>
              <p className="tl-doc-tome" id={`${idPrefix}-tome-${datasetId}`}>
                {group.name}
              </p>
              {group.documents.map((document) => (
                <label key={document.id} className="tl-check">
                  <input type="checkbox" name="linked_documents" value={document.id} defaultChecked={checked.includes(document.id)} />
                  <span>{document.filename}</span>
                  {document.status !== 'ready' && <span className="badge">{document.status}</span>}
                  {!document.linkable && <span className="badge">tome no longer linked</span>}
                </label>
              ))}
            </div>
          ))}
        </div>
      )}
    </fieldset>
  );
}

/** The asterisk after a required field's label (the field itself carries `required` for screen readers). */
function RequiredMark() {
  return (
    <>
      {' '}
      <span className="required" aria-hidden="true">
        *
      </span>
    </>
  );
}
