import { fromMarkdown } from 'mdast-util-from-markdown';
import { splitFrontMatter } from '../../../contract/content';
import { hasGmBlockSupport, splitGmSegments } from '../../../contract/gm-blocks';
import { isMarkdownType } from '../../../contract/tomes';

interface MarkdownNode {
  type: string;
  value?: string;
  children?: MarkdownNode[];
}

/** Nodes whose children are blocks: a space between them, as a reader would see a line break. */
const BLOCK_CONTAINERS = new Set(['root', 'list', 'listItem', 'blockquote', 'table', 'tableRow']);

/**
 * A document's opening as words to read in a one-line preview: a saved document's front matter
 * and `:::gm` marker lines left out, and Markdown's marks ("Combat\n======", "**", "#") read as the text they format.
 */
export function previewText(text: string, fileType: string): string {
  const body = withoutGmMarkers(splitFrontMatter(text).body, fileType);
  return isMarkdownType(fileType) ? plainText(fromMarkdown(body) as MarkdownNode) : body;
}

function plainText(node: MarkdownNode): string {
  if (node.type === 'html') return '';
  if (typeof node.value === 'string') return node.value;
  const parts = (node.children ?? []).map(plainText);
  return BLOCK_CONTAINERS.has(node.type) ? parts.join(' ') : parts.join('');
}

const withoutGmMarkers = (text: string, fileType: string) =>
  hasGmBlockSupport(fileType)
    ? splitGmSegments(text)
        .map((segment) => segment.text)
        .join('\n')
    : text;
