import { useEffect, type RefObject } from 'react';
import type { DocumentChatMessage } from '../../../server/domain/chat';
import { DOCUMENT_CHAT_ERROR } from '../../../contract/chat';
import { formatCost } from '../../../contract/usage';
import { MessageView, type ChatMessageView } from '~/components/assistant/message-view';

interface MessagesProps {
  /** The conversation so far, kept on the server. */
  messages: DocumentChatMessage[];
  /** The question on its way, or null. */
  asking: string | null;
  /** A question that failed (the page's or the fetcher's reply): shown with the spec's message. */
  failed: { query?: string; status?: number } | null;
  pending: boolean;
  /** The panel's scrolling list, kept at its bottom. */
  listRef: RefObject<HTMLDivElement | null>;
}

/**
 * The Document Assistant's questions and answers. Its code (and the message view's) loads with a
 * page that shows a conversation, or when the question box is first used (ADR 0239).
 */
export function DocumentChatMessages({ messages: stored, asking, failed, pending, listRef }: MessagesProps) {
  const messages: Array<ChatMessageView & { tokens?: number | null; cost?: number | null }> = [...stored];
  const now = new Date().toISOString();
  if (asking !== null) messages.push({ role: 'user', content: asking, timestamp: now, citations: [], engine: null });
  else if (failed) {
    messages.push({ role: 'user', content: failed.query ?? '', timestamp: now, citations: [], engine: null });
    messages.push({ role: 'assistant', content: DOCUMENT_CHAT_ERROR, timestamp: now, citations: [], engine: null, errorStatus: failed.status ?? 0 });
  }

  // biome-ignore lint/correctness/useExhaustiveDependencies: scrolls to the bottom after each change of what the list shows
  useEffect(() => {
    const list = listRef.current;
    if (list) list.scrollTop = list.scrollHeight;
  }, [messages.length, pending]);

  return messages.map((message, index) => (
    <div key={`${message.timestamp}-${index}`}>
      <MessageView message={message} />
      {message.tokens != null && (
        <p className="message-cost">
          {message.tokens} tokens · {formatCost(message.cost ?? 0)}
        </p>
      )}
    </div>
  ));
}
