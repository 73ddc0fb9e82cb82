/**
 * The campaign timeline's shared vocabulary (spec sections 3, 8 and 9): event types with
 * their names, colours and icons, zoom levels and their pixels per day, field limits and
 * the screen's messages. Browser-safe: the server validates with it, the screen draws with it.
 */
export const EVENT_TYPES = ['player_party', 'established_lore', 'campaign_milestone', 'npc_event', 'world_event', 'battle', 'discovery', 'prophecy'] as const;
export type EventType = (typeof EVENT_TYPES)[number];

export interface EventTypeInfo {
  name: string;
  /** A CSS colour that white icons stay readable on. */
  color: string;
  /** An emoji for API clients; the web screen draws its own SVG glyph per type. */
  icon: string;
}

export const EVENT_TYPE_MAP: Record<EventType, EventTypeInfo> = {
  player_party: { name: 'Player Party', color: '#2e7d32', icon: '🛡️' },
  established_lore: { name: 'Established Lore', color: '#6d4c41', icon: '📜' },
  campaign_milestone: { name: 'Campaign Milestone', color: '#b8860b', icon: '🏁' },
  npc_event: { name: 'NPC Event', color: '#1565c0', icon: '👤' },
  world_event: { name: 'World Event', color: '#00838f', icon: '🌍' },
  battle: { name: 'Battle', color: '#c62828', icon: '⚔️' },
  discovery: { name: 'Discovery', color: '#e65100', icon: '🔍' },
  prophecy: { name: 'Prophecy', color: '#6a1b9a', icon: '🔮' },
};

/** For a type this version does not know (older data, a newer client). */
export const FALLBACK_EVENT_TYPE: EventTypeInfo = { name: 'Event', color: '#546e7a', icon: '📅' };

export const DEFAULT_EVENT_TYPE: EventType = 'player_party';

export function isEventType(value: unknown): value is EventType {
  return typeof value === 'string' && (EVENT_TYPES as readonly string[]).includes(value);
}

export function eventTypeInfo(type: string | null | undefined): EventTypeInfo {
  return isEventType(type) ? EVENT_TYPE_MAP[type] : FALLBACK_EVENT_TYPE;
}

export const ZOOM_LEVELS = ['year', 'month', 'week', 'day'] as const;
export type ZoomLevel = (typeof ZOOM_LEVELS)[number];
export const PIXELS_PER_DAY: Record<ZoomLevel, number> = { year: 2, month: 10, week: 50, day: 200 };
export const ZOOM_LABELS: Record<ZoomLevel, string> = { year: 'Year', month: 'Month', week: 'Week', day: 'Day' };
export const DEFAULT_ZOOM: ZoomLevel = 'month';

export function isZoomLevel(value: unknown): value is ZoomLevel {
  return typeof value === 'string' && (ZOOM_LEVELS as readonly string[]).includes(value);
}

/** One step in (towards day) or out (towards year); stays put at either end. */
export function stepZoom(zoom: ZoomLevel, direction: 'in' | 'out'): ZoomLevel {
  const index = ZOOM_LEVELS.indexOf(zoom) + (direction === 'in' ? 1 : -1);
  return ZOOM_LEVELS[Math.min(ZOOM_LEVELS.length - 1, Math.max(0, index))];
}

/** The type filter: 'all' or one type. */
export type TypeFilter = 'all' | EventType;
export function parseTypeFilter(value: unknown): TypeFilter {
  return isEventType(value) ? value : 'all';
}

export const EVENT_LIMITS = {
  title: 200,
  location: 200,
  description: 10_000,
  listItem: 100,
  listItems: 50,
  linkedDocuments: 100,
} as const;

/** Participants and tags: split on commas, trimmed, blanks and repeats dropped. */
export function splitCommaList(value: string | readonly string[] | null | undefined): string[] {
  const parts = typeof value === 'string' ? value.split(',') : (value ?? []);
  const seen = new Set<string>();
  const items: string[] = [];
  for (const part of parts) {
    const item = String(part).trim();
    if (item && !seen.has(item)) {
      seen.add(item);
      items.push(item);
    }
  }
  return items;
}

export const TIMELINE_MESSAGES = {
  loadFailed: 'Failed to load timeline',
  saveFailed: 'Failed to save event',
  deleteFailed: 'Failed to delete event',
  confirmDelete: 'Are you sure you want to delete this event?',
  noEvents: 'No events yet...',
  noMatch: 'No events match the current filter.',
} as const;
