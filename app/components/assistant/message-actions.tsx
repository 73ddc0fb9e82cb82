import { useState } from 'react';
import type { ContextLevel } from '../../../contract/chat';
import { useHydrated } from '~/lib/use-hydrated';
import type { ChatMessageView } from './message-view';

/**
 * Under a message: Copy (JavaScript only); under a question, Edit and resend; under the last answer,
 * Regenerate. Edit and Regenerate are plain forms posting the question to the page's action, so
 * they work without JavaScript; with it they stream like a new question.
 */
export function MessageActions({
  message,
  campaignId,
  conversationId,
  contextLevel,
  regenerateQuestion,
  busy,
  onResend,
}: {
  message: ChatMessageView;
  campaignId: string;
  conversationId: string | null;
  contextLevel: ContextLevel;
  /** The question to ask again, on the last answer only. */
  regenerateQuestion: string | null;
  busy: boolean;
  onResend(question: string): void;
}) {
  const hydrated = useHydrated();
  const [copied, setCopied] = useState(false);
  if (message.errorStatus !== undefined && message.role === 'assistant' && !regenerateQuestion) return null;
  const hidden = (
    <>
      <input type="hidden" name="intent" value="ask" />
      <input type="hidden" name="campaign_id" value={campaignId} />
      <input type="hidden" name="conversation_id" value={conversationId ?? ''} />
      <input type="hidden" name="context_level" value={contextLevel} />
    </>
  );
  return (
    <div className="message-actions">
      {hydrated && (
        <button
          type="button"
          className="message-action"
          onClick={() => {
            void navigator.clipboard?.writeText(message.content).then(() => setCopied(true));
          }}
        >
          {copied ? 'Copied' : 'Copy'}
        </button>
      )}
      {regenerateQuestion && (
        <form
          method="post"
          onSubmit={(event) => {
            event.preventDefault();
            onResend(regenerateQuestion);
          }}
        >
          {hidden}
          <input type="hidden" name="query" value={regenerateQuestion} />
          <button type="submit" className="message-action" disabled={hydrated && busy}>
            Regenerate
          </button>
        </form>
      )}
      {message.role === 'user' && (
        <details className="message-edit">
          <summary>Edit and resend</summary>
          <form
            method="post"
            onSubmit={(event) => {
              event.preventDefault();
              const question = String(new FormData(event.currentTarget).get('query') ?? '');
              (event.currentTarget.closest('details') as HTMLDetailsElement | null)?.removeAttribute('open');
              onResend(question);
            }}
          >
            {hidden}
            <label>
              Edited question
              <textarea name="query" required rows={2} defaultValue={message.content} />
            </label>
            <button type="submit" className="primary" disabled={hydrated && busy}>
              Resend
            </button>
          </form>
        </details>
      )}
    </div>
  );
}
