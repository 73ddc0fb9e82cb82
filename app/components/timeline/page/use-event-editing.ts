import { useLocation } from '@remix-run/react';
import { useCallback, useEffect, useState } from 'react';
import type { Calendar } from '../../../../contract/calendar';
import { isoDayNumber, todayIso } from '../../../../contract/timeline-dates';
import type { TimelineEvent } from '../../../../server/domain/timeline/timeline';
import type { EventDialogState } from '../event-dialog';

const STATUS_MS = 3000;

/**
 * The event modal (with JavaScript) and what follows the action's redirect after a save
 * (?saved=<id>: the modal closes, the track reveals the event, a notice says so) or a delete
 * (?deleted=1).
 */
export function useEventEditing({ events, calendar, saved, deleted }: { events: TimelineEvent[]; calendar: Calendar; saved: string | null; deleted: boolean }) {
  const [dialog, setDialog] = useState<EventDialogState | null>(null);
  const [reveal, setReveal] = useState<{ id: string; seq: number } | null>(null);
  const [status, setStatus] = useState<string | null>(null);
  useEffect(() => {
    if (!status) return;
    const timer = window.setTimeout(() => setStatus(null), STATUS_MS);
    return () => window.clearTimeout(timer);
  }, [status]);

  const openCreate = () => setDialog({ mode: 'create', today: calendar.format(calendar.fromDay(isoDayNumber(todayIso())!)), seq: Date.now() });
  const openEdit = useCallback(
    (eventId: string) => {
      const event = events.find((candidate) => candidate.id === eventId);
      if (event) setDialog({ mode: 'edit', event, seq: Date.now() });
    },
    [events],
  );
  const closeDialog = useCallback(() => setDialog(null), []);

  const location = useLocation();
  // biome-ignore lint/correctness/useExhaustiveDependencies: runs once per arrival at the page (location.key), reading that arrival's loader data
  useEffect(() => {
    if (saved) {
      const event = events.find((candidate) => candidate.id === saved);
      setDialog(null);
      if (event) {
        setReveal({ id: event.id, seq: Date.now() });
        setStatus(`Saved “${event.title}”`);
      }
    } else if (deleted) {
      setDialog(null);
      setStatus('Event deleted');
    }
  }, [location.key]);

  return { dialog, openCreate, openEdit, closeDialog, reveal, status };
}
