import { Markdown } from '../markdown/markdown';
import { splitFrontMatter } from '../../../contract/content';

/** Generated Markdown, rendered; raw HTML in it is dropped, never run. */
export function ContentMarkdown({ markdown }: { markdown: string }) {
  return (
    <div className="content-markdown">
      <Markdown text={splitFrontMatter(markdown).body} />
    </div>
  );
}

/** The front matter a saved document will carry, as a small table of its fields. */
export function FrontMatterSummary({ markdown }: { markdown: string }) {
  const { frontMatter } = splitFrontMatter(markdown);
  if (!frontMatter) return null;
  const fields: Array<[string, string]> = [];
  let listKey: string | null = null;
  for (const line of frontMatter.split('\n')) {
    const item = /^\s+-\s+(.*)$/.exec(line);
    if (item && listKey) {
      const last = fields.at(-1)!;
      last[1] = [last[1], unquote(item[1])].filter(Boolean).join(', ');
      continue;
    }
    const pair = /^([\w-]+):\s*(.*)$/.exec(line);
    if (!pair) continue;
    listKey = pair[2] === '' ? pair[1] : null;
    fields.push([pair[1], pair[2] === '[]' ? 'none' : unquote(pair[2])]);
  }
  return (
    <dl className="front-matter" aria-label="Front matter">
      {fields.map(([key, value]) => (
        <div key={key}>
          <dt>{key}</dt>
          <dd>{value}</dd>
        </div>
      ))}
    </dl>
  );
}

function unquote(value: string): string {
  if (!value.startsWith('"')) return value;
  try {
    return JSON.parse(value) as string;
  } catch {
    return value;
  }
}
