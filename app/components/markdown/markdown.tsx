import { lazy, Suspense } from 'react';
import { splitAtRange, type QuoteRange } from '../../../contract/citation-target';

// react-markdown and its parsers are the largest library the pages use; they load with the
// first piece of Markdown on screen instead of with every page's JavaScript.
const SafeMarkdown = lazy(() => import('./safe-markdown'));

/** Markdown text, rendered safely; the plain text shows until the renderer has loaded. A cited range is marked in both. */
export function Markdown({ text, highlight = null }: { text: string; highlight?: QuoteRange | null }) {
  const parts = splitAtRange(text, highlight);
  const plain = parts ? (
    <>
      {parts[0]}
      <mark className="citation-mark">{parts[1]}</mark>
      {parts[2]}
    </>
  ) : (
    text
  );
  return (
    <Suspense fallback={<div className="markdown-loading">{plain}</div>}>
      <SafeMarkdown text={text} highlight={highlight} />
    </Suspense>
  );
}
