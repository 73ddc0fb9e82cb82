import { useActionData, useFetcher } from '@remix-run/react';
import { useEffect, useRef, useState } from 'react';
import type { DocumentChatMessage } from '../../../server/domain/chat';
import { USAGE_UPDATED_EVENT } from '../../../contract/usage';
import { loadMarkdownRenderer } from '~/components/markdown/markdown';
import type { DocumentAnswered, TomeFailure } from '~/components/tomes/tome-actions.server';
import { isSendKey } from '~/lib/enter-sends';
import { latePart } from '~/lib/late-part';
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

// The questions and answers load with a page that shows some, or when the question box gets focus (ADR 0239);
// a question sent before their code is here shows that they are on their way.
const DocumentChatMessages = latePart(
  'document-chat-messages',
  () => import('./document-chat-messages').then((m) => m.DocumentChatMessages),
  <p className="muted small" role="status">
    Loading the conversation…
  </p>,
);

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
  // What was typed in the server's HTML of the viewer before it was live (ADR 0243) is the first
  // draft (a controlled field given its value back in the commit that draws it would be set back).
  const [draft, setDraft] = useState(
    () =>
      failed?.query ??
      (typeof document === 'undefined' ? '' : ((document.getElementById(`document-chat-${documentId}`) as HTMLTextAreaElement | null)?.value ?? '')),
  );
  const listRef = useRef<HTMLDivElement>(null);
  const pending = fetcher.state !== 'idle';
  const asking = pending ? String(fetcher.formData?.get('query') ?? '') : null;

  // An answer or a failure has come back: the banner's figures change; a failed question returns to the input.
  useEffect(() => {
    if (fetcher.state !== 'idle' || fetcher.data?.intent !== 'ask-document') return;
    window.dispatchEvent(new Event(USAGE_UPDATED_EVENT));
    if ('error' in fetcher.data) setDraft((current) => current || (fetcher.data as TomeFailure).query || '');
    else console.debug('document chat usage', fetcher.data.usage);
  }, [fetcher.state, fetcher.data]);

  const shown = (conversation?.messages.length ?? 0) > 0 || asking !== null || failed !== null;

  return (
    <aside className="document-assistant" aria-label="Document Assistant">
      <h3>Document Assistant</h3>
      <p className="muted small">Ask about {filename}.</p>
      <div className="document-assistant-messages" ref={listRef} data-testid="document-chat-messages" aria-live="polite">
        {shown ? (
          <DocumentChatMessages messages={conversation?.messages ?? []} asking={asking} failed={failed} pending={pending} listRef={listRef} />
        ) : (
          <p className="muted small">No questions yet. Answers cite the passages they come from.</p>
        )}
        {pending && <p className="chat-waiting">{'Consulting the document...'}</p>}
      </div>
      <fetcher.Form
        method="post"
        action={action}
        preventScrollReset
        onSubmit={(event) => {
          // The field's own value: a question typed before this part was live is given back to the field, then sent (ADR 0243).
          if (String(new FormData(event.currentTarget).get('query') ?? '').trim() === '' || pending) event.preventDefault();
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
          name="query"
          required
          value={draft}
          rows={2}
          placeholder="Ask about this document… (Enter sends, Shift+Enter for a new line)"
          enterKeyHint="send"
          onChange={(event) => setDraft(event.target.value)}
          onFocus={DocumentChatMessages.preload}
          onKeyDown={(event) => {
            if (isSendKey(event)) {
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
