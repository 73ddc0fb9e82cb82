import { lazy, Suspense } from 'react';

// react-markdown and its parsers are the largest library the pages use; they load with the
// first piece of Markdown on screen instead of with every page's JavaScript.
const SafeMarkdown = lazy(() => import('./safe-markdown'));

/** Markdown text, rendered safely; the plain text shows until the renderer has loaded. */
export function Markdown({ text }: { text: string }) {
  return (
    <Suspense fallback={<div className="markdown-loading">{text}</div>}>
      <SafeMarkdown text={text} />
    </Suspense>
  );
}
