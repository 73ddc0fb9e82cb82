/**
 * The concept map's shared vocabulary (spec sections 3, 5, 8 and 9): concept types and their
 * fixed colours, the settings and their defaults, the layout's constants and the small pure
 * functions the graph draws with. Browser-safe: the server validates with it, the screen draws with it.
 */
export const CONCEPT_TYPES = ['location', 'character', 'item', 'event', 'mission', 'organization', 'concept', 'lore'] as const;
export type ConceptType = (typeof CONCEPT_TYPES)[number];

export interface ConceptTypeInfo {
  name: string;
  /** Fill of the node; white outlines and dark labels stay readable against it. */
  color: string;
}

export const CONCEPT_TYPE_MAP: Record<ConceptType, ConceptTypeInfo> = {
  location: { name: 'Location', color: '#2e7d5b' },
  character: { name: 'Character', color: '#b3392f' },
  item: { name: 'Item', color: '#c99a1c' },
  event: { name: 'Event', color: '#dd6f1a' },
  mission: { name: 'Mission', color: '#2a6fad' },
  organization: { name: 'Organization', color: '#6d4c9e' },
  concept: { name: 'Concept', color: '#75808a' },
  lore: { name: 'Lore', color: '#8a5a2e' },
};

export function isConceptType(value: unknown): value is ConceptType {
  return typeof value === 'string' && (CONCEPT_TYPES as readonly string[]).includes(value);
}

export function conceptColor(type: string): string {
  return isConceptType(type) ? CONCEPT_TYPE_MAP[type].color : CONCEPT_TYPE_MAP.concept.color;
}

// ---- settings ----

export const LAYOUTS = ['force_directed'] as const;
export type ConceptMapLayout = (typeof LAYOUTS)[number];
export const LAYOUT_LABELS: Record<ConceptMapLayout, string> = { force_directed: 'Force-directed' };

export interface ConceptMapSettings {
  show_labels: boolean;
  /** Relationships weaker than this are hidden. */
  min_strength: number;
  layout: ConceptMapLayout;
}

export const DEFAULT_SETTINGS: ConceptMapSettings = { show_labels: true, min_strength: 3, layout: 'force_directed' };
export const MIN_STRENGTH = 1;
export const MAX_STRENGTH = 10;

/** An integer from 1 to 10, as the Settings form sends it (string) or the API (number); null otherwise. */
export function parseMinStrength(value: unknown): number | null {
  const text = typeof value === 'number' ? String(value) : typeof value === 'string' ? value.trim() : '';
  if (!/^\d+$/.test(text)) return null;
  const number = Number(text);
  return number >= MIN_STRENGTH && number <= MAX_STRENGTH ? number : null;
}

export const MIN_STRENGTH_MESSAGE = 'Minimum strength must be a whole number from 1 to 10';

// ---- messages (spec sections 5 and 8) ----

export const CONCEPT_MAP_MESSAGES = {
  noDocuments: 'Please select at least one document to analyze',
  generateFailed: 'Failed to generate concept map',
  loadFailed: 'Failed to load concept map',
  settingsFailed: 'Failed to save settings',
} as const;

// ---- generation (server) ----

/** Selections needing more than this much extraction run as a background job. */
export const INLINE_MAX_DOCUMENTS = 5;
export const INLINE_MAX_CHUNKS = 200;
/** Passages per concept the map answer carries for hovering (the count says how many there are). */
export const PASSAGES_SHOWN = 3;

// ---- the graph (spec section 9) ----

export const ZOOM_MIN = 0.1;
export const ZOOM_MAX = 5;
export const ZOOM_BUTTON_STEP = 1.2;
export const WHEEL_ZOOM_OUT = 0.9;
export const WHEEL_ZOOM_IN = 1.1;
export const NODE_RADIUS_MIN = 8;
export const NODE_RADIUS_MAX = 20;
export const LINK_WIDTH_MIN = 1;
export const LINK_WIDTH_MAX = 5;
export const LABEL_MAX_CHARS = 15;
export const EDGE_PADDING = 30;
export const LINK_BASE_DISTANCE = 100;
/** Nodes further apart than this do not push each other (forceManyBody distanceMax). */
export const REPULSION_DISTANCE_MAX = 300;
/** The simulation stops when its cooling value (alpha) falls below this. */
export const ALPHA_MIN = 0.01;

export const clampZoom = (k: number) => Math.min(ZOOM_MAX, Math.max(ZOOM_MIN, k));

/** 8 px for the least-mentioned concept, 20 px for the most; square-root scaled so area follows weight. */
export function nodeRadius(weight: number, minWeight: number, maxWeight: number): number {
  if (!(maxWeight > minWeight)) return maxWeight > 1 ? (NODE_RADIUS_MIN + NODE_RADIUS_MAX) / 2 : NODE_RADIUS_MIN;
  const share = (Math.sqrt(Math.max(weight, minWeight)) - Math.sqrt(minWeight)) / (Math.sqrt(maxWeight) - Math.sqrt(minWeight));
  return NODE_RADIUS_MIN + Math.min(1, share) * (NODE_RADIUS_MAX - NODE_RADIUS_MIN);
}

/** 1 px for strength 1, 5 px for strength 10. */
export function linkWidth(strength: number): number {
  const s = Math.min(MAX_STRENGTH, Math.max(MIN_STRENGTH, strength));
  return LINK_WIDTH_MIN + ((s - MIN_STRENGTH) / (MAX_STRENGTH - MIN_STRENGTH)) * (LINK_WIDTH_MAX - LINK_WIDTH_MIN);
}

/** The link's rest length: 100 × (1 + strength/10). */
export const linkDistance = (strength: number) => LINK_BASE_DISTANCE * (1 + strength / 10);

export function truncateLabel(name: string): string {
  const characters = Array.from(name);
  return characters.length > LABEL_MAX_CHARS ? `${characters.slice(0, LABEL_MAX_CHARS).join('').trimEnd()}…` : name;
}

/** A coordinate kept 30 px inside an edge of a canvas `size` px long (the middle when it is smaller). */
export function clampToCanvas(value: number, size: number): number {
  if (size <= 2 * EDGE_PADDING) return size / 2;
  return Math.min(size - EDGE_PADDING, Math.max(EDGE_PADDING, value));
}

export function visibleRelationships<R extends { strength: number }>(relationships: R[], minStrength: number): R[] {
  return relationships.filter((relationship) => relationship.strength >= minStrength);
}

export interface ViewTransform {
  k: number;
  x: number;
  y: number;
}

export const IDENTITY_TRANSFORM: ViewTransform = { k: 1, x: 0, y: 0 };

/** Zooms by `factor` around a point of the canvas, which stays where it is on screen. */
export function zoomAround(view: ViewTransform, factor: number, point: { x: number; y: number }): ViewTransform {
  const k = clampZoom(view.k * factor);
  const ratio = k / view.k;
  return { k, x: point.x - (point.x - view.x) * ratio, y: point.y - (point.y - view.y) * ratio };
}

/** Screen (canvas) coordinates to the graph's own. */
export function toGraph(view: ViewTransform, point: { x: number; y: number }): { x: number; y: number } {
  return { x: (point.x - view.x) / view.k, y: (point.y - view.y) / view.k };
}
