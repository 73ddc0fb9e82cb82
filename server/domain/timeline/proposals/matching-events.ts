/**
 * Whether a proposal tells of an event already on the timeline (one the GM added by hand, or
 * accepted from another log): on the same day, or any day when nearly every word agrees, most
 * of the event's title words appear in the proposal. Words are compared by their first five
 * letters, so "ambushed" meets "ambush" and "reaches" meets "reached".
 */
const MIN_WORD = 4;

function stems(text: string): Set<string> {
  return new Set((text.toLowerCase().match(/\p{L}[\p{L}'’-]*/gu) ?? []).filter((word) => word.length >= MIN_WORD).map((word) => word.slice(0, 5)));
}

export interface EventForMatching {
  id: string;
  title: string;
  event_day: number;
}

export function matchingEvent<T extends EventForMatching>(proposal: { title: string; quote: string; day: number }, events: T[]): T | null {
  const words = stems(`${proposal.title} ${proposal.quote}`);
  let best: { event: T; share: number } | null = null;
  for (const event of events) {
    const title = stems(event.title);
    if (title.size === 0) continue;
    const shared = [...title].filter((word) => words.has(word)).length;
    const share = shared / title.size;
    const sameDay = event.event_day === proposal.day;
    if ((sameDay && shared >= 1 && share >= 0.5) || (shared >= 3 && share >= 0.8)) {
      if (!best || share > best.share) best = { event, share };
    }
  }
  return best?.event ?? null;
}
