import type { QuoteRange } from '../../../contract/citation-target';
import { Markdown } from '../markdown/markdown';

/** A markdown document rendered safely: raw HTML is dropped, never run. */
export function MarkdownView({ text, highlight = null }: { text: string; highlight?: QuoteRange | null }) {
  return (
    <div className="markdown-body">
      <Markdown text={text} highlight={highlight} />
    </div>
  );
}
