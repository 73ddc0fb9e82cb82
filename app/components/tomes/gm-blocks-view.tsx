import type { ReactNode } from 'react';
import type { QuoteRange } from '../../../contract/citation-target';
import { hasGmBlockSupport, splitGmSegments, type TextSegment } from '../../../contract/gm-blocks';

/**
 * The text cut at its `:::gm` blocks for drawing (the marker lines belong to no part), or the
 * whole text as one part where the file type has no GM blocks or the text holds none. Each part
 * is drawn on its own, so a marker line is never read as part of a neighbouring list item.
 */
export function gmParts(text: string, fileType: string): TextSegment[] {
  const parts = hasGmBlockSupport(fileType) ? splitGmSegments(text) : [];
  return parts.some((part) => part.gm) ? parts : [{ start: 0, text, gm: false }];
}

/** A cited range of the whole text, as offsets in one part (null where the part holds none of it). */
export function rangeInPart(range: QuoteRange | null, part: TextSegment): QuoteRange | null {
  if (!range) return null;
  const start = Math.max(range.start - part.start, 0);
  const end = Math.min(range.end - part.start, part.text.length);
  return end > start ? { start, end } : null;
}

/** A GM-only passage as the GM sees it: a marked, labelled block (players never receive its text). */
export function GmBlock({ children }: { children: ReactNode }) {
  return (
    <section className="gm-block" aria-label="GM-only passage" data-testid="gm-block">
      <p className="gm-block-label">
        <span className="badge gm-only">GM only</span> hidden from players
      </p>
      {children}
    </section>
  );
}

/** Who sees a document, in one badge: GM only, or visible to players (saying when some parts stay the GM's). */
export function VisibilityBadge({ shown, hasGmBlocks }: { shown: boolean; hasGmBlocks: boolean }) {
  if (!shown)
    return (
      <span className="badge gm-only" data-testid="visibility-badge">
        GM only
      </span>
    );
  return (
    <span className="badge player-visible" data-testid="visibility-badge">
      {hasGmBlocks ? 'Visible to players · has GM-only parts' : 'Visible to players'}
    </span>
  );
}
