import Markdown, { type Components } from 'react-markdown';
import type { QuoteRange } from '../../../contract/citation-target';
import { rehypeMarkRange } from './mark-range';

/** Links and images may only point at the web or this site: no javascript:, data: or other schemes. */
export function safeUrl(url: string): string {
  const value = url.trim();
  if (/^(https?:|mailto:)/i.test(value)) return value;
  if (/^[a-z][a-z0-9+.-]*:/i.test(value) || value.startsWith('//')) return '';
  return value;
}

const components: Components = {
  a: ({ href, children }) =>
    href ? (
      <a href={href} target="_blank" rel="noopener noreferrer nofollow">
        {children}
      </a>
    ) : (
      <span>{children}</span>
    ),
  // A document never loads images from elsewhere (trackers); it says what was there.
  img: ({ alt }) => <span className="md-image">[image{alt ? `: ${alt}` : ''}]</span>,
};

/** Markdown rendered safely: raw HTML is dropped, never run; links and images are defused; a cited range is marked. */
export default function SafeMarkdown({ text, highlight = null }: { text: string; highlight?: QuoteRange | null }) {
  return (
    <Markdown skipHtml urlTransform={safeUrl} components={components} rehypePlugins={highlight ? [rehypeMarkRange(highlight)] : []}>
      {text}
    </Markdown>
  );
}
