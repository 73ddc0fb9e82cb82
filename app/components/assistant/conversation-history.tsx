import { Link } from '@remix-run/react';
import type { ConversationSummary } from '../../../server/domain/chat';
import { LocalTime } from './local-time';

/** Earlier conversations of the campaign; opening one continues it. */
export function ConversationHistory({
  campaignId,
  conversations,
  currentId,
  older,
  isFirstPage,
}: {
  campaignId: string;
  conversations: ConversationSummary[];
  currentId: string | null;
  /** The cursor of the next, older page; null on the last one. */
  older: string | null;
  isFirstPage: boolean;
}) {
  const current = currentId ? `&conversation=${currentId}` : '';
  return (
    <section className="conversation-history" aria-label="Conversation history">
      <h3>History</h3>
      {conversations.length === 0 ? (
        <p className="muted small">No conversations yet.</p>
      ) : (
        <ul>
          {conversations.map((conversation) => (
            <li key={conversation.id}>
              <Link
                to={`/assistant?campaign=${campaignId}&conversation=${conversation.id}&history=1`}
                className={conversation.id === currentId ? 'history-item current' : 'history-item'}
                preventScrollReset
              >
                <span className="history-preview">{conversation.preview || '(no question)'}</span>
                <span className="history-meta small muted">
                  {conversation.message_count} messages · <LocalTime iso={conversation.last_updated} />
                </span>
              </Link>
            </li>
          ))}
        </ul>
      )}
      {(older || !isFirstPage) && (
        <p className="history-pages">
          {!isFirstPage && (
            <Link to={`/assistant?campaign=${campaignId}${current}&history=1`} preventScrollReset>
              Newest conversations
            </Link>
          )}
          {older && (
            <Link to={`/assistant?campaign=${campaignId}${current}&history=1&before=${older}`} preventScrollReset>
              Older conversations
            </Link>
          )}
        </p>
      )}
    </section>
  );
}
