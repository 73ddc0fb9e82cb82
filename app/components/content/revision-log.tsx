import type { RevisionEntry } from '../../../contract/content';

/** The request, each change asked for and each version written, oldest first. */
export function RevisionLog({ entries }: { entries: RevisionEntry[] }) {
  if (entries.length === 0) return <p className="muted small">No revisions yet.</p>;
  let requests = 0;
  return (
    <ol className="revision-log" aria-label="Revision log">
      {entries.map((entry, index) => {
        if (entry.role === 'user') {
          requests += 1;
          return (
            <li key={index} className="revision-entry user" data-testid="revision-entry">
              <span className="revision-who">{requests === 1 ? 'You asked' : 'You asked for a change'}</span>
              <p>{entry.content}</p>
            </li>
          );
        }
        return (
          <li key={index} className="revision-entry assistant" data-testid="revision-entry">
            <details>
              <summary>
                <span className="revision-who">Version {entry.version}</span>{' '}
                <span className="small muted">
                  {entry.version === 1 ? 'written' : 'revised'}
                  {entry.tokens ? ` · ${entry.tokens.toLocaleString('en-US')} tokens` : ''}
                </span>
              </summary>
              <pre className="revision-text">{entry.content}</pre>
            </details>
          </li>
        );
      })}
    </ol>
  );
}
