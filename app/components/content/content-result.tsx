import { Link } from '@remix-run/react';
import { citationHref } from '../../../contract/chat';
import { CONTENT_TYPE_LABELS, type GeneratedContent, type RevisionEntry } from '../../../contract/content';
import { formatCost } from '../../../contract/usage';
import { ContentMarkdown } from './content-markdown';
import { freshHref, sessionHref } from './content-urls';
import { RevisionLog } from './revision-log';
import type { ResultRequest } from './types';

export interface ContentResultProps {
  result: GeneratedContent;
  request: ResultRequest;
  log: RevisionEntry[];
  showLog: boolean;
  onToggleLog(): void;
  onPreview(): void;
  onAddToTomes(): void;
  onNewContent(): void;
  revision: string;
  onRevisionChange(text: string): void;
  onRevise(): void;
  pending: 'generate' | 'revise' | 'save' | null;
  hydrated: boolean;
  idPrefix: string;
}

const ENGINE_LABELS: Record<string, string> = { claude: 'Written by Claude', offline: 'Offline draft' };

/** A generated content: the 600 px box, its sources and cost, the revision log and chat, and the ways to save or start over. */
export function ContentResult(props: ContentResultProps) {
  const { result, request, log, showLog, hydrated, pending, idPrefix } = props;
  const here = (extra: { revisions?: boolean; preview?: boolean }) => sessionHref(request, result.conversation_id, extra);
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
          <span className={`badge engine-${result.engine}`}>{ENGINE_LABELS[result.engine] ?? result.engine}</span>
          <span className="small muted" data-testid="content-version">
            Version {result.version}
          </span>
        </div>
        <div className="row content-toolbar">
          {action(showLog ? 'Hide Revisions' : 'Show Revisions', props.onToggleLog, here({ revisions: !showLog }), { expanded: showLog })}
          {action('Preview Markdown', props.onPreview, here({ revisions: showLog, preview: true }))}
          {action('Add to Tomes', props.onAddToTomes, here({ revisions: showLog, preview: true }), { className: 'primary' })}
          {action('New Content', props.onNewContent, freshHref(request.campaignId))}
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

      <form
        method="post"
        action={here({ revisions: showLog })}
        className="revision-chat"
        aria-label="Revise"
        onSubmit={(event) => {
          if (!hydrated) return;
          event.preventDefault();
          if (props.revision.trim()) props.onRevise();
        }}
      >
        <input type="hidden" name="intent" value="revise" />
        <input type="hidden" name="campaign_id" value={request.campaignId} />
        <input type="hidden" name="conversation_id" value={result.conversation_id} />
        <input type="hidden" name="content_type" value={result.content_type} />
        <input type="hidden" name="character_format" value={result.character_format ?? ''} />
        <input type="hidden" name="primary_dataset_id" value={request.datasetId} />
        <label htmlFor={`${idPrefix}-revision`} className="sr-only">
          Ask for a revision
        </label>
        <input
          id={`${idPrefix}-revision`}
          name="prompt"
          value={props.revision}
          maxLength={4000}
          autoComplete="off"
          placeholder="Ask for a change: “make her older”, “add a secret”, “raise the challenge to 5”…"
          onChange={(e) => props.onRevisionChange(e.target.value)}
        />
        <button type="submit" className="primary" disabled={hydrated && (pending !== null || props.revision.trim() === '')}>
          {pending === 'revise' ? 'Revising…' : 'Revise'}
        </button>
      </form>
    </section>
  );
}
