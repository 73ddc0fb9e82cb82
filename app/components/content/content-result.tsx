import { Form, Link } from '@remix-run/react';
import { citationHref } from '../../../contract/chat';
import { CONTENT_TYPE_LABELS, type GeneratedContent, type RevisionEntry } from '../../../contract/content';
import { formatCost } from '../../../contract/usage';
import type { contentRevisionSchema } from '../../../contract/content-forms';
import { getFormProps, getInputProps, type useSchemaForm } from '~/lib/forms';
import { ResultFields } from './result-fields';
import { ContentMarkdown } from './content-markdown';
import { freshHref, sessionHref, type ContentIntent } from './content-urls';
import { RevisionLog } from './revision-log';
import type { ResultRequest } from './types';

export interface ContentResultProps {
  result: GeneratedContent;
  request: ResultRequest;
  log: RevisionEntry[];
  /** The page the creator is on (hostOf), for the links that work without JavaScript. */
  host: string;
  showLog: boolean;
  onToggleLog(): void;
  onPreview(): void;
  onAddToTomes(): void;
  onNewContent(): void;
  form: ReturnType<typeof useSchemaForm<typeof contentRevisionSchema>>;
  pending: ContentIntent | null;
  hydrated: boolean;
}

const ENGINE_LABELS: Record<string, string> = { claude: 'Written by Claude', openai: 'Written by your model', offline: 'Offline draft' };

/** A generated content: the 600 px box, its sources and cost, the revision log and chat, and the ways to save or start over. */
export function ContentResult(props: ContentResultProps) {
  const { result, request, log, host, showLog, hydrated, pending } = props;
  const [form, fields] = props.form;
  const here = (extra: { revisions?: boolean; preview?: boolean }) => sessionHref(host, request, result.conversation_id, extra);
  // With JavaScript these only change what this screen shows (New Content goes to the fresh address); without, each is a link.
  const action = (label: string, onClick: () => void, href: string, extra: { className?: string; expanded?: boolean } = {}) =>
    hydrated ? (
      <button type="button" className={extra.className ?? 'secondary'} onClick={onClick} aria-expanded={extra.expanded} disabled={pending !== null}>
        {label}
      </button>
    ) : (
      <Link className={`button ${extra.className ?? ''}`} to={href} aria-expanded={extra.expanded} preventScrollReset>
        {label}
      </Link>
    );
  const documentOf = new Map(result.citations.filter((c) => c.document_id).map((c) => [c.filename, c]));

  return (
    <section className="content-result stack" aria-label="Generated content" data-testid="content-result">
      <div className="content-result-header">
        <div className="row">
          <span className="badge">{CONTENT_TYPE_LABELS[result.content_type]}</span>
          {result.character_format && <span className="badge">{result.character_format === 'stats' ? 'Stat block' : 'Narrative'}</span>}
          <span className={`badge engine-${result.engine}`}>
            {result.engine_label ? `Written by ${result.engine_label}` : (ENGINE_LABELS[result.engine] ?? result.engine)}
          </span>
          <span className="small muted" data-testid="content-version">
            Version {result.version}
          </span>
        </div>
        <div className="row content-toolbar">
          {action(showLog ? 'Hide Revisions' : 'Show Revisions', props.onToggleLog, here({ revisions: !showLog }), { expanded: showLog })}
          {action('Preview Markdown', props.onPreview, here({ revisions: showLog, preview: true }))}
          {action('Add to Tomes', props.onAddToTomes, here({ revisions: showLog, preview: true }), { className: 'primary' })}
          {action('New Content', props.onNewContent, freshHref(host, request.campaignId))}
        </div>
      </div>

      <div className="content-box" tabIndex={0} aria-label="Generated content" data-testid="content-box">
        <ContentMarkdown markdown={result.content} />
      </div>

      <div className="content-meta">
        <div>
          <h3 className="small">Sources</h3>
          {result.sources.length === 0 ? (
            <p className="small muted">No passages from your tomes were used.</p>
          ) : (
            <ul className="content-sources" data-testid="content-sources">
              {result.sources.map((name) => {
                const cited = documentOf.get(name);
                return (
                  <li key={name} className="tag">
                    {cited ? (
                      <a href={citationHref(cited)} target="_blank" rel="noopener">
                        {name}
                      </a>
                    ) : (
                      name
                    )}
                  </li>
                );
              })}
            </ul>
          )}
        </div>
        <div>
          <h3 className="small">Token usage</h3>
          <p className="small" data-testid="content-tokens">
            <strong>{result.tokens.total_tokens.toLocaleString('en-US')}</strong> tokens · <strong>{formatCost(result.tokens.total_cost)}</strong>
          </p>
        </div>
      </div>

      {showLog && (
        <section className="revision-panel" aria-label="Revisions">
          <h3>Revisions</h3>
          <RevisionLog entries={log} />
        </section>
      )}

      <Form method="post" action={here({ revisions: showLog })} preventScrollReset className="revision-chat" aria-label="Revise" {...getFormProps(form)}>
        <ResultFields intent="revise-content" request={request} result={result} />
        <label htmlFor={fields.prompt.id} className="sr-only">
          Ask for a revision
        </label>
        <input
          {...getInputProps(fields.prompt, { type: 'text' })}
          maxLength={4000}
          autoComplete="off"
          placeholder="Ask for a change: “make her older”, “add a secret”, “raise the challenge to 5”…"
        />
        <button type="submit" className="primary" disabled={hydrated && (pending !== null || !fields.prompt.value?.trim())}>
          {pending === 'revise-content' ? 'Revising…' : 'Revise'}
        </button>
      </Form>
    </section>
  );
}
