import { Markdown } from '../markdown/markdown';

/** A markdown document rendered safely: raw HTML is dropped, never run. */
export function MarkdownView({ text }: { text: string }) {
  return (
    <div className="markdown-body">
      <Markdown text={text} />
    </div>
  );
}
