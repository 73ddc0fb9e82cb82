import { Link } from '@remix-run/react';
import type { ConversationSummary } from '../../../server/domain/chat';
import { LocalTime } from './local-time';

/** Earlier conversations of the campaign; opening one continues it. */
export function ConversationHistory({
  campaignId,
  conversations,
  currentId,
}: {
  campaignId: string;
  conversations: ConversationSummary[];
  currentId: string | null;
}) {
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
    </section>
  );
}
