import { useEffect, useMemo, useState } from 'react';
import type { TimelineDocument, TimelineEvent } from '../../../server/domain/timeline/timeline';
import type { Calendar } from '../../../contract/calendar';
import { DEFAULT_EVENT_TYPE, EVENT_LIMITS, EVENT_TYPE_MAP, EVENT_TYPES } from '../../../contract/timeline';
import { isoDayNumber, todayIso } from '../../../contract/timeline-dates';
import { useHydrated } from '~/lib/use-hydrated';
import { DatePicker } from './date-picker';

/** What the event form shows: strings as typed, lists as the comma-separated text. */
export interface EventFormValues {
  title: string;
  event_type: string;
  date: string;
  location: string;
  description: string;
  participants: string;
  tags: string;
  linked_documents: string[];
  /** Shown to the campaign's players (unchecked: GM-only). */
  player_visible: boolean;
}

export function formValuesOf(event: TimelineEvent): EventFormValues {
  return {
    title: event.title,
    event_type: event.event_type,
    date: event.date,
    location: event.location,
    description: event.description,
    participants: event.participants.join(', '),
    tags: event.tags.join(', '),
    linked_documents: event.linked_documents,
    player_visible: event.player_visible,
  };
}

export function newEventValues(today: string): EventFormValues {
  return {
    title: '',
    event_type: DEFAULT_EVENT_TYPE,
    date: today,
    location: '',
    description: '',
    participants: '',
    tags: '',
    linked_documents: [],
    player_visible: false,
  };
}

/** Title, type and date make an event; everything else is optional. */
export function eventValuesValid(values: Pick<EventFormValues, 'title' | 'event_type' | 'date'>, calendar: Calendar): boolean {
  return values.title.trim() !== '' && values.event_type !== '' && calendar.parse(values.date).ok;
}

interface EventFieldsProps {
  /** Keeps ids unique when the dialog and the no-JS section are both on the page. */
  idPrefix: string;
  initial: EventFormValues;
  calendar: Calendar;
  documents: TimelineDocument[];
  onValidityChange?(valid: boolean): void;
  autoFocus?: boolean;
}

/** The fields of the event modal (and of its no-JavaScript page section). */
export function EventFields({ idPrefix, initial, calendar, documents, onValidityChange, autoFocus }: EventFieldsProps) {
  const hydrated = useHydrated();
  const [title, setTitle] = useState(initial.title);
  const [eventType, setEventType] = useState(initial.event_type);
  const [date, setDate] = useState(initial.date);
  const [picking, setPicking] = useState(false);
  const valid = eventValuesValid({ title, event_type: eventType, date }, calendar);
  useEffect(() => onValidityChange?.(valid), [valid, onValidityChange]);

  const parsed = date.trim() ? calendar.parse(date) : null;
  const problem = parsed && !parsed.ok ? parsed.problem : null;
  const placeholder = calendar.kind === 'gregorian' ? 'YYYY-MM-DD' : 'YEAR-MM-DD';
  const dateHelp = problem ?? (parsed?.ok ? `Reads as ${calendar.label(parsed.day)}` : placeholder);
  const pickerStart = parsed?.ok ? parsed.date : calendar.fromDay(isoDayNumber(todayIso())!);

  return (
    <div className="stack tl-fields">
      <label>
        <span>
          Title{' '}
          <span className="required" aria-hidden="true">
            *
          </span>
        </span>
        <input
          name="title"
          required
          maxLength={EVENT_LIMITS.title}
          value={title}
          onChange={(event) => setTitle(event.target.value)}
          autoFocus={autoFocus}
          autoComplete="off"
        />
      </label>
      <div className="tl-field-pair">
        <div className="tl-field">
          <label htmlFor={`${idPrefix}-type`}>
            Type{' '}
            <span className="required" aria-hidden="true">
              *
            </span>
          </label>
          <select id={`${idPrefix}-type`} name="event_type" required value={eventType} onChange={(event) => setEventType(event.target.value)}>
            {EVENT_TYPES.map((type) => (
              <option key={type} value={type}>
                {EVENT_TYPE_MAP[type].name}
              </option>
            ))}
          </select>
        </div>
        <div className="tl-field">
          <label htmlFor={`${idPrefix}-date`}>
            Date{' '}
            <span className="required" aria-hidden="true">
              *
            </span>
          </label>
          <div className="tl-date-row">
            <input
              id={`${idPrefix}-date`}
              name="date"
              required
              value={date}
              onChange={(event) => setDate(event.target.value)}
              placeholder={placeholder}
              pattern={calendar.kind === 'gregorian' ? '[+\\-]?[0-9]{4,5}-[0-9]{1,2}-[0-9]{1,2}' : '[+\\-]?[0-9]{1,6}-[0-9]{1,3}-[0-9]{1,4}'}
              aria-describedby={`${idPrefix}-date-help ${idPrefix}-date-rule`}
              aria-invalid={problem ? true : undefined}
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
              idPrefix={idPrefix}
              calendar={calendar}
              value={pickerStart}
              onPick={(picked) => {
                setDate(calendar.format(picked));
                setPicking(false);
              }}
              onClose={() => setPicking(false)}
            />
          )}
          <p id={`${idPrefix}-date-help`} className={problem ? 'field-error tl-date-help' : 'muted small tl-date-help'} aria-live="polite">
            {dateHelp}
          </p>
        </div>
      </div>
      <p id={`${idPrefix}-date-rule`} className="muted small tl-date-rule">
        {calendar.dateHint}
      </p>
      <label>
        Location
        <input name="location" maxLength={EVENT_LIMITS.location} defaultValue={initial.location} autoComplete="off" />
      </label>
      <label>
        Description
        <textarea name="description" maxLength={EVENT_LIMITS.description} defaultValue={initial.description} rows={3} />
      </label>
      <div className="tl-field-pair">
        <label>
          Participants
          <input name="participants" defaultValue={initial.participants} placeholder="Aria, Borin, Captain Vex" autoComplete="off" />
          <span className="muted small tl-field-note">Comma-separated</span>
        </label>
        <label>
          Tags
          <input name="tags" defaultValue={initial.tags} placeholder="heist, harbour" autoComplete="off" />
          <span className="muted small tl-field-note">Comma-separated</span>
        </label>
      </div>
      <LinkedDocuments idPrefix={idPrefix} documents={documents} checked={initial.linked_documents} />
      <label className="checkbox-row">
        <input type="checkbox" name="player_visible" value="on" defaultChecked={initial.player_visible} />
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
