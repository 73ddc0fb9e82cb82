import { useEffect, useId, useMemo, useState, type ComponentType } from 'react';
import { splitAtRange, type QuoteRange } from '../../../contract/citation-target';

type Renderer = ComponentType<{ text: string; highlight?: QuoteRange | null }>;

/**
 * react-markdown and its parsers are the largest library the pages use, and no screen loads it
 * with its first JavaScript (ADR 0185):
 * - the server renders stored Markdown (documents, answers, drafts) to HTML in the page;
 * - hydration takes that HTML over as it is (read back from the page by the block's id), so the
 *   browser needs no renderer for what the server drew;
 * - Markdown that appears or changes later (a streamed answer, a new draft) is rendered by the
 *   browser once react-markdown has loaded (`loadMarkdownRenderer`, started when a question is
 *   sent), as plain text until then.
 * The HTML is the renderer's own (raw HTML dropped, links defused: safe-markdown.tsx), so what
 * the browser takes over is exactly what it would have drawn.
 */
let loaded: Renderer | null = null;
let loading: Promise<Renderer> | null = null;

export function loadMarkdownRenderer(): Promise<Renderer> {
  loading ??= import('./safe-markdown').then((module) => {
    loaded = module.default;
    return module.default;
  });
  return loading;
}

const onServer = typeof document === 'undefined';
/** The server renders with the renderer; entry.server.tsx awaits this before the first page. */
export const serverMarkdownReady: Promise<unknown> = onServer ? loadMarkdownRenderer() : Promise.resolve();

/** Markdown text, rendered safely; a cited range is marked. */
export function Markdown({ text, highlight = null }: { text: string; highlight?: QuoteRange | null }) {
  const id = useId();
  // The server's HTML of this block, if the page came with it (hydration), for the props it was drawn with.
  const [server] = useState(() => {
    if (onServer) return null;
    const key = cacheKey(text, highlight);
    const html = document.getElementById(id)?.innerHTML ?? serverHtml.get(key) ?? document.querySelector(`[data-md="${contentKey(key)}"]`)?.innerHTML ?? null;
    if (html !== null) remember(key, html);
    return html === null ? null : { html, text, highlight };
  });
  const md = useMemo(() => contentKey(cacheKey(text, highlight)), [text, highlight]);
  const reused = server !== null && server.text === text && sameRange(server.highlight, highlight);
  const [renderer, setRenderer] = useState<Renderer | null>(() => loaded);
  useEffect(() => {
    if (reused || renderer) return;
    let current = true;
    loadMarkdownRenderer().then((component) => {
      if (current) setRenderer(() => component);
    });
    return () => {
      current = false;
    };
  }, [reused, renderer]);

  const Rendered = onServer ? loaded : renderer;
  if (reused)
    // biome-ignore lint/security/noDangerouslySetInnerHtml: the page's own HTML of this block, drawn by the safe renderer on the server and read back unchanged.
    return <div id={id} className="md-root" data-md={md} dangerouslySetInnerHTML={{ __html: server.html }} />;
  if (Rendered)
    return (
      <div id={id} className="md-root" data-md={md}>
        <Rendered text={text} highlight={highlight} />
      </div>
    );
  const parts = splitAtRange(text, highlight);
  return (
    <div id={id} className="md-root markdown-loading">
      {parts ? (
        <>
          {parts[0]}
          <mark className="citation-mark">{parts[1]}</mark>
          {parts[2]}
        </>
      ) : (
        text
      )}
    </div>
  );
}

/**
 * The server's HTML of the last few blocks, by text: a block that moves (a tome modal becomes a
 * <dialog> once the page is live, remounting what it holds) takes its HTML over again.
 */
const serverHtml = new Map<string, string>();
const REMEMBERED = 8;
const cacheKey = (text: string, highlight: QuoteRange | null) => `${highlight ? `${highlight.start}-${highlight.end}` : ''}:${text}`;
/**
 * A block's text (and cited range) in a few characters, on the block: a part the server drew and
 * the browser draws live after the page (late-part-after.tsx) holds blocks no id can find.
 */
function contentKey(key: string): string {
  let hash = 0x811c9dc5;
  for (let at = 0; at < key.length; at++) hash = Math.imul(hash ^ key.charCodeAt(at), 0x01000193);
  return `${(hash >>> 0).toString(36)}${key.length.toString(36)}`;
}

function remember(key: string, html: string) {
  serverHtml.delete(key);
  serverHtml.set(key, html);
  if (serverHtml.size > REMEMBERED) serverHtml.delete(serverHtml.keys().next().value as string);
}

function sameRange(a: QuoteRange | null, b: QuoteRange | null): boolean {
  return a === b || (a !== null && b !== null && a.start === b.start && a.end === b.end);
}
