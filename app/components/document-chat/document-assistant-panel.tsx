import { useActionData, useFetcher } from '@remix-run/react';
import { useEffect, useRef, useState } from 'react';
import type { DocumentChatMessage } from '../../../server/domain/chat';
import { DOCUMENT_CHAT_ERROR } from '../../../contract/chat';
import { formatCost, USAGE_UPDATED_EVENT } from '../../../contract/usage';
import { MessageView, type ChatMessageView } from '~/components/assistant/message-view';
import { loadMarkdownRenderer } from '~/components/markdown/markdown';
import type { DocumentAnswered, TomeFailure } from '~/components/tomes/tome-actions.server';
import { useHydrated } from '~/lib/use-hydrated';

interface PanelProps {
  /** The viewer's address: the question posts to the dashboard's action there, so the page comes back to it. */
  action: string;
  datasetId: string;
  documentId: string;
  filename: string;
  /** This document's conversation so far (kept on the server, so reopening the viewer shows it). */
  conversation: { id: string; messages: DocumentChatMessage[] } | null;
}

type Reply = TomeFailure | DocumentAnswered;

/**
 * The document viewer's side panel: questions about this one document, posted to the page's
 * action (a fetcher with JavaScript, a plain form without). Enter sends, Shift+Enter starts a
 * new line, blank input is ignored; a failure shows the spec's message and keeps the question
 * in the input.
 */
export function DocumentAssistantPanel({ action, datasetId, documentId, filename, conversation }: PanelProps) {
  const fetcher = useFetcher<Reply>({ key: `document-chat-${documentId}` });
  const pageReply = useActionData<Reply | undefined>();
  const reply = fetcher.data ?? pageReply;
  const failed = reply?.intent === 'ask-document' && 'error' in reply ? reply : null;
  const hydrated = useHydrated();
  const [draft, setDraft] = useState(failed?.query ?? '');
  const listRef = useRef<HTMLDivElement>(null);
  const inputRef = useRef<HTMLTextAreaElement>(null);
  // Words typed before the page became interactive are kept, not reset by the first render.
  useEffect(() => {
    if (inputRef.current?.value) setDraft(inputRef.current.value);
  }, []);
  const pending = fetcher.state !== 'idle';
  const asking = pending ? String(fetcher.formData?.get('query') ?? '') : null;

  // An answer or a failure has come back: the banner's figures change; a failed question returns to the input.
  useEffect(() => {
    if (fetcher.state !== 'idle' || fetcher.data?.intent !== 'ask-document') return;
    window.dispatchEvent(new Event(USAGE_UPDATED_EVENT));
    if ('error' in fetcher.data) setDraft((current) => current || (fetcher.data as TomeFailure).query || '');
    else console.debug('document chat usage', fetcher.data.usage);
  }, [fetcher.state, fetcher.data]);

  const messages: Array<ChatMessageView & { tokens?: number | null; cost?: number | null }> = [...(conversation?.messages ?? [])];
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

  return (
    <aside className="document-assistant" aria-label="Document Assistant">
      <h3>Document Assistant</h3>
      <p className="muted small">Ask about {filename}.</p>
      <div className="document-assistant-messages" ref={listRef} data-testid="document-chat-messages" aria-live="polite">
        {messages.length === 0 && <p className="muted small">No questions yet. Answers cite the passages they come from.</p>}
        {messages.map((message, index) => (
          <div key={`${message.timestamp}-${index}`}>
            <MessageView message={message} />
            {message.tokens != null && (
              <p className="message-cost">
                {message.tokens} tokens · {formatCost(message.cost ?? 0)}
              </p>
            )}
          </div>
        ))}
        {pending && <p className="chat-waiting">{'Consulting the document...'}</p>}
      </div>
      <fetcher.Form
        method="post"
        action={action}
        preventScrollReset
        onSubmit={(event) => {
          if (draft.trim() === '' || pending) event.preventDefault();
          else {
            setDraft('');
            // The answer comes back as Markdown: its renderer starts loading with the question.
            void loadMarkdownRenderer();
          }
        }}
      >
        <input type="hidden" name="intent" value="ask-document" />
        <input type="hidden" name="dataset_id" value={datasetId} />
        <input type="hidden" name="document_id" value={documentId} />
        {conversation && <input type="hidden" name="conversation_id" value={conversation.id} />}
        <label className="sr-only" htmlFor={`document-chat-${documentId}`}>
          Question about {filename}
        </label>
        <textarea
          id={`document-chat-${documentId}`}
          ref={inputRef}
          name="query"
          required
          value={draft}
          rows={2}
          placeholder="Ask about this document… (Enter sends, Shift+Enter for a new line)"
          onChange={(event) => setDraft(event.target.value)}
          onKeyDown={(event) => {
            if (event.key === 'Enter' && !event.shiftKey && !event.nativeEvent.isComposing) {
              event.preventDefault();
              event.currentTarget.form?.requestSubmit();
            }
          }}
        />
        <div className="row">
          <span className="spacer" />
          {/* Without JavaScript the button is always enabled; the input's `required` stops a blank question. */}
          <button type="submit" className="primary" disabled={hydrated && (pending || draft.trim() === '')}>
            Ask
          </button>
        </div>
      </fetcher.Form>
    </aside>
  );
}
