import { useEffect, useRef, useState } from 'react';
import type { DocumentChatAnswer } from '../../../server/domain/chat';
import { DOCUMENT_CHAT_ERROR } from '../../../contract/chat';
import { formatCost, USAGE_UPDATED_EVENT } from '../../../contract/usage';
import { MessageView, type ChatMessageView } from '~/components/assistant/message-view';
import { apiFetch } from '~/lib/api-client';
import assistantStyles from '~/styles/assistant.css?url';
import documentChatStyles from '~/styles/document-chat.css?url';

/** For the route that renders the panel: `links = () => [...documentAssistantLinks(), ...]`. */
export const documentAssistantLinks = () => [
  { rel: 'stylesheet', href: assistantStyles },
  { rel: 'stylesheet', href: documentChatStyles },
];

interface PanelMessage extends ChatMessageView {
  tokens?: number;
  cost?: number;
}

/**
 * The document viewer's side panel: questions about this one document. Enter sends,
 * Shift+Enter starts a new line, blank input is ignored; a failure shows the spec's message.
 */
export function DocumentAssistantPanel({ datasetId, documentId, filename }: { datasetId: string; documentId: string; filename: string }) {
  const [messages, setMessages] = useState<PanelMessage[]>([]);
  const [conversationId, setConversationId] = useState<string | null>(null);
  const [draft, setDraft] = useState('');
  const [pending, setPending] = useState(false);
  const listRef = useRef<HTMLDivElement>(null);

  // Another document: another conversation.
  useEffect(() => {
    setMessages([]);
    setConversationId(null);
    setDraft('');
  }, [datasetId, documentId]);

  useEffect(() => {
    const list = listRef.current;
    if (list) list.scrollTop = list.scrollHeight;
  }, [messages, pending]);

  async function send() {
    const query = draft.trim();
    if (!query || pending) return;
    setDraft('');
    setPending(true);
    setMessages((current) => [...current, { role: 'user', content: query, timestamp: new Date().toISOString(), citations: [], engine: null }]);
    try {
      const answer = await apiFetch<DocumentChatAnswer>(
        `/api/datasets/${encodeURIComponent(datasetId)}/documents/${encodeURIComponent(documentId)}/chat`,
        { method: 'POST', body: JSON.stringify({ query, conversation_id: conversationId }) },
      );
      // The spec keeps the usage figures of an answer for debugging only.
      console.debug('document chat usage', answer.usage);
      setConversationId(answer.conversation_id);
      setMessages((current) => [
        ...current,
        {
          role: 'assistant',
          content: answer.response,
          timestamp: answer.timestamp,
          citations: answer.citations,
          engine: answer.engine,
          tokens: answer.tokens,
          cost: answer.cost_info.total_cost,
        },
      ]);
    } catch (error) {
      console.error('document chat failed', error);
      setMessages((current) => [
        ...current,
        { role: 'assistant', content: DOCUMENT_CHAT_ERROR, timestamp: new Date().toISOString(), citations: [], engine: null, errorStatus: (error as { status?: number }).status ?? 0 },
      ]);
    } finally {
      setPending(false);
      window.dispatchEvent(new Event(USAGE_UPDATED_EVENT));
    }
  }

  return (
    <aside className="document-assistant" aria-label="Document Assistant">
      <h3>Document Assistant</h3>
      <p className="muted small">Ask about {filename}.</p>
      <div className="document-assistant-messages" ref={listRef} data-testid="document-chat-messages" aria-live="polite">
        {messages.length === 0 && !pending && <p className="muted small">No questions yet. Answers cite the passages they come from.</p>}
        {messages.map((message, index) => (
          <div key={`${message.timestamp}-${index}`}>
            <MessageView message={message} />
            {message.tokens !== undefined && (
              <p className="message-cost">
                {message.tokens} tokens · {formatCost(message.cost ?? 0)}
              </p>
            )}
          </div>
        ))}
        {pending && <p className="chat-waiting">{'Consulting the document...'}</p>}
      </div>
      <form
        onSubmit={(event) => {
          event.preventDefault();
          void send();
        }}
      >
        <label className="sr-only" htmlFor={`document-chat-${documentId}`}>
          Question about {filename}
        </label>
        <textarea
          id={`document-chat-${documentId}`}
          value={draft}
          rows={2}
          placeholder="Ask about this document… (Enter sends, Shift+Enter for a new line)"
          onChange={(event) => setDraft(event.target.value)}
          onKeyDown={(event) => {
            if (event.key === 'Enter' && !event.shiftKey && !event.nativeEvent.isComposing) {
              event.preventDefault();
              void send();
            }
          }}
        />
        <div className="row">
          <span className="spacer" />
          <button type="submit" className="primary" disabled={pending || draft.trim() === ''}>
            Ask
          </button>
        </div>
      </form>
    </aside>
  );
}
