import { Form, Link } from '@remix-run/react';
import type { ConversationSummary } from '../../../server/domain/chat';
import { LocalTime } from './local-time';

/** Earlier conversations of the campaign: opening one continues it; each can be renamed or deleted, and the list searched. */
export function ConversationHistory({
  campaignId,
  conversations,
  currentId,
  older,
  isFirstPage,
  search,
  error,
}: {
  campaignId: string;
  conversations: ConversationSummary[];
  currentId: string | null;
  /** The cursor of the next, older page; null on the last one. */
  older: string | null;
  isFirstPage: boolean;
  /** The text the list is searched for ('' for every conversation). */
  search: string;
  /** A rename or delete the server refused. */
  error: { conversationId: string; error: string } | null;
}) {
  const current = currentId ? `&conversation=${currentId}` : '';
  const searched = search ? `&q=${encodeURIComponent(search)}` : '';
  return (
    <section className="conversation-history" aria-label="Conversation history">
      <h3>History</h3>
      <Form method="get" action="/assistant" className="history-search" role="search" preventScrollReset>
        <input type="hidden" name="campaign" value={campaignId} />
        {currentId && <input type="hidden" name="conversation" value={currentId} />}
        <input type="hidden" name="history" value="1" />
        <label className="sr-only" htmlFor="history-q">
          Search conversations
        </label>
        <input id="history-q" type="search" name="q" defaultValue={search} placeholder="Search conversations" />
        <button type="submit">Search</button>
      </Form>
      {error && (
        <p className="notice error" role="alert">
          {error.error}
        </p>
      )}
      {conversations.length === 0 ? (
        <p className="muted small">{search ? `No conversation mentions “${search}”.` : 'No conversations yet.'}</p>
      ) : (
        <ul>
          {conversations.map((conversation) => (
            <li key={conversation.id} className="history-entry">
              <Link
                to={`/assistant?campaign=${campaignId}&conversation=${conversation.id}&history=1${searched}`}
                className={conversation.id === currentId ? 'history-item current' : 'history-item'}
                preventScrollReset
              >
                <span className="history-preview">{conversation.preview || '(no question)'}</span>
                <span className="history-meta small muted">
                  {conversation.message_count} messages · <LocalTime iso={conversation.last_updated} />
                </span>
              </Link>
              <details className="history-actions">
                <summary aria-label={`Rename or delete “${conversation.preview || 'conversation'}”`}>Edit</summary>
                <Form method="post" className="history-rename" preventScrollReset>
                  <input type="hidden" name="intent" value="rename-conversation" />
                  <input type="hidden" name="campaign_id" value={campaignId} />
                  <input type="hidden" name="conversation_id" value={conversation.id} />
                  <label>
                    Name
                    <input name="title" required maxLength={100} defaultValue={conversation.title ?? conversation.preview} />
                  </label>
                  <button type="submit">Rename</button>
                </Form>
                <Form method="post" className="history-delete" preventScrollReset>
                  <input type="hidden" name="intent" value="delete-conversation" />
                  <input type="hidden" name="campaign_id" value={campaignId} />
                  <input type="hidden" name="conversation_id" value={conversation.id} />
                  {currentId && <input type="hidden" name="current_id" value={currentId} />}
                  <button type="submit" className="danger">
                    Delete conversation
                  </button>
                </Form>
              </details>
            </li>
          ))}
        </ul>
      )}
      {(older || !isFirstPage) && (
        <p className="history-pages">
          {!isFirstPage && (
            <Link to={`/assistant?campaign=${campaignId}${current}&history=1${searched}`} preventScrollReset>
              Newest conversations
            </Link>
          )}
          {older && (
            <Link to={`/assistant?campaign=${campaignId}${current}&history=1${searched}&before=${older}`} preventScrollReset>
              Older conversations
            </Link>
          )}
        </p>
      )}
    </section>
  );
}
