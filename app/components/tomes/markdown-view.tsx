import type { QuoteRange } from '../../../contract/citation-target';
import { Markdown } from '../markdown/markdown';
import { GmBlock, gmParts, rangeInPart } from './gm-blocks-view';

/**
 * A markdown document rendered safely: raw HTML is dropped, never run. Its `:::gm` blocks are
 * drawn as marked blocks, never as their marker lines (a player's text has none left).
 */
export function MarkdownView({ text, highlight = null }: { text: string; highlight?: QuoteRange | null }) {
  const parts = gmParts(text, 'md');
  return (
    <div className="markdown-body">
      {parts.map((part) =>
        part.gm ? (
          <GmBlock key={part.start}>
            <Markdown text={part.text} highlight={rangeInPart(highlight, part)} />
          </GmBlock>
        ) : (
          <Markdown key={part.start} text={part.text} highlight={rangeInPart(highlight, part)} />
        ),
      )}
    </div>
  );
}
