import { splitAtRange, type QuoteRange } from '../../../contract/citation-target';
import { GmBlock, gmParts, rangeInPart } from './gm-blocks-view';
import { CITATION_MARK_CLASS } from './use-scroll-to-mark';

/** Plain text, with a cited quote marked (a <mark> that works without JavaScript too) and its `:::gm` blocks drawn as marked blocks. */
export function PlainText({ text, highlight, fileType = 'pdf' }: { text: string; highlight: QuoteRange | null; fileType?: string }) {
  const parts = gmParts(text, fileType);
  if (parts.length === 1)
    return (
      <pre className="document-text" data-testid="document-content">
        <MarkedText text={text} highlight={highlight} />
      </pre>
    );
  return (
    <div className="document-text" data-testid="document-content">
      {parts.map((part) =>
        part.gm ? (
          <GmBlock key={part.start}>
            <pre>
              <MarkedText text={part.text} highlight={rangeInPart(highlight, part)} />
            </pre>
          </GmBlock>
        ) : (
          <pre key={part.start}>
            <MarkedText text={part.text} highlight={rangeInPart(highlight, part)} />
          </pre>
        ),
      )}
    </div>
  );
}

function MarkedText({ text, highlight }: { text: string; highlight: QuoteRange | null }) {
  const parts = splitAtRange(text, highlight);
  if (!parts) return text;
  return (
    <>
      {parts[0]}
      <mark className={CITATION_MARK_CLASS} data-testid="citation-mark">
        {parts[1]}
      </mark>
      {parts[2]}
    </>
  );
}
