import type { QuoteRange } from '../../../contract/citation-target';

/** Just enough of hast (the HTML tree react-markdown renders) for this plugin. */
interface HastNode {
  type: string;
  value?: string;
  tagName?: string;
  properties?: Record<string, unknown>;
  children?: HastNode[];
  position?: { start: { offset?: number }; end: { offset?: number } };
}

/**
 * A rehype plugin: wraps the rendered text that comes from `range` of the markdown source in
 * <mark class="citation-mark">. Positions come from the parser, so headings, emphasis and
 * tables keep their shape; a text node whose source differs in length from its text (escapes,
 * entities) is marked whole.
 */
export function rehypeMarkRange(range: QuoteRange | null) {
  return () => (tree: HastNode) => {
    if (range) markIn(tree, range);
  };
}

function markIn(node: HastNode, range: QuoteRange) {
  if (!node.children) return;
  node.children = node.children.flatMap((child) => {
    if (child.type !== 'text') {
      markIn(child, range);
      return [child];
    }
    return splitText(child, range);
  });
}

function splitText(node: HastNode, range: QuoteRange): HastNode[] {
  const from = node.position?.start.offset;
  const to = node.position?.end.offset;
  const value = node.value ?? '';
  if (from === undefined || to === undefined || to <= range.start || from >= range.end || !value.trim()) return [node];
  const mark = (text: string): HastNode => ({
    type: 'element',
    tagName: 'mark',
    properties: { className: ['citation-mark'], dataTestid: 'citation-mark' },
    children: [{ type: 'text', value: text }],
  });
  if (value.length !== to - from) return [mark(value)];
  const start = Math.max(range.start, from) - from;
  const end = Math.min(range.end, to) - from;
  return [{ type: 'text', value: value.slice(0, start) }, mark(value.slice(start, end)), { type: 'text', value: value.slice(end) }].filter(
    (piece) => piece.type !== 'text' || piece.value,
  );
}
