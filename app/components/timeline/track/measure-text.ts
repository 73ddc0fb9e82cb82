/**
 * How wide a text is drawn on the track, in pixels: measured on a canvas in the font the track's
 * own CSS gives a sample element of that kind (tick labels and marker titles), cached per text.
 * Before there is a document (server rendering) it estimates from the length.
 */
export type TrackTextKind = 'major-tick' | 'minor-tick' | 'title';

const SAMPLE_CLASSES: Record<TrackTextKind, [string, string]> = {
  'major-tick': ['tl-tick major', ''],
  'minor-tick': ['tl-tick', ''],
  title: ['tl-marker labelled', 'tl-marker-label'],
};

let context: CanvasRenderingContext2D | null = null;
const fonts = new Map<TrackTextKind, string>();
const widths = new Map<string, number>();

function fontOf(kind: TrackTextKind): string {
  const known = fonts.get(kind);
  if (known) return known;
  const [outer, inner] = SAMPLE_CLASSES[kind];
  const sample = document.createElement('div');
  sample.className = outer;
  sample.style.visibility = 'hidden';
  const text = document.createElement('span');
  text.className = inner;
  sample.append(text);
  document.body.append(sample);
  const style = getComputedStyle(text);
  const font = `${style.fontStyle} ${style.fontWeight} ${style.fontSize} ${style.fontFamily}`;
  sample.remove();
  fonts.set(kind, font);
  return font;
}

export function trackTextWidth(text: string, kind: TrackTextKind): number {
  if (typeof document === 'undefined') return text.length * (kind === 'minor-tick' ? 7 : 9);
  const key = `${kind}\u0000${text}`;
  const known = widths.get(key);
  if (known !== undefined) return known;
  context ??= document.createElement('canvas').getContext('2d');
  if (!context) return text.length * 9;
  context.font = fontOf(kind);
  // Rounded up: a label laid out a fraction wider than measured must still not meet the next one.
  const width = Math.ceil(context.measureText(text).width) + 1;
  widths.set(key, width);
  return width;
}
