import { useNavigate, useRevalidator } from '@remix-run/react';
import { useCallback, useEffect, useRef, useState } from 'react';
import {
  CHAT_GREETING,
  PLAYER_CHAT_GREETING,
  CHAT_NOTICE_MS,
  CHAT_WAITING,
  CITATION_WITHOUT_IDS_HINT,
  CONTEXT_LEVEL_LABELS,
  CONTEXT_LEVELS,
  playerCitationHref,
  UNLINKED_CITATION_MESSAGE,
  type ChatCitation,
  type ContextLevel,
} from '../../../contract/chat';
import { USAGE_UPDATED_EVENT } from '../../../contract/usage';
import { loadMarkdownRenderer, Markdown } from '~/components/markdown/markdown';
import { ApiError } from '~/lib/api-client';
import { isSendKey } from '~/lib/enter-sends';
import { useHydrated } from '~/lib/use-hydrated';
import type { CitationCheck } from './citation-list';
import { MessageActions } from './message-actions';
import { MessageView, type ChatMessageView } from './message-view';
import { streamCampaignChat } from './stream-chat';

export interface ChatPanelProps {
  campaign: { id: string; name: string; datasets: string[] };
  conversation: { id: string; messages: ChatMessageView[] } | null;
  contextLevel: ContextLevel;
  onContextLevelChange(level: ContextLevel): void;
  /** A player's view: citations open the campaign's read-only viewer. */
  playerView?: boolean;
  /** The no-JavaScript form's failed turn, from the route action. */
  failedTurn?: { query: string; error: string; status: number } | null;
}

/** Timed notices: the chat error banner and the citation hints last 5 seconds (spec section 9). */
function useTimedNotice() {
  const [notice, setNotice] = useState<{ tone: 'error' | 'info'; text: string } | null>(null);
  const timer = useRef<number | undefined>(undefined);
  const show = useCallback((tone: 'error' | 'info', text: string) => {
    window.clearTimeout(timer.current);
    setNotice({ tone, text });
    timer.current = window.setTimeout(() => setNotice(null), CHAT_NOTICE_MS);
  }, []);
  useEffect(() => () => window.clearTimeout(timer.current), []);
  return { notice, show };
}

export function ChatPanel({ campaign, conversation, contextLevel, onContextLevelChange, failedTurn, playerView = false }: ChatPanelProps) {
  const navigate = useNavigate();
  const revalidator = useRevalidator();
  const hydrated = useHydrated();
  const [messages, setMessages] = useState<ChatMessageView[]>(conversation?.messages ?? []);
  const [conversationId, setConversationId] = useState<string | null>(conversation?.id ?? null);
  // A question the server could not answer (the no-JavaScript form) comes back in the input.
  const [draft, setDraft] = useState(failedTurn?.query ?? '');
  const [pending, setPending] = useState(false);
  const [streamed, setStreamed] = useState('');
  const { notice, show } = useTimedNotice();
  const listRef = useRef<HTMLDivElement>(null);
  const abortRef = useRef<AbortController | null>(null);

  const conversationIdRef = useRef(conversationId);
  conversationIdRef.current = conversationId;

  // A conversation opened from History replaces what is shown; the conversation this panel
  // just created comes back from the loader with the same id and is left alone.
  // biome-ignore lint/correctness/useExhaustiveDependencies: only a new conversation id replaces what is shown
  useEffect(() => {
    const incoming = conversation?.id ?? null;
    if (incoming === conversationIdRef.current) return;
    abortRef.current?.abort();
    setMessages(conversation?.messages ?? []);
    setConversationId(incoming);
    setStreamed('');
    setPending(false);
  }, [conversation?.id]);

  useEffect(() => () => abortRef.current?.abort(), []);

  // A new answer scrolls so its text is in view: the list follows the text while it streams, and
  // when the answer arrives its first lines sit at the top (its sources below, not the other way).
  // biome-ignore lint/correctness/useExhaustiveDependencies: runs after each change of what the list shows
  useEffect(() => {
    const list = listRef.current;
    if (!list) return;
    const answers = list.querySelectorAll<HTMLElement>('[data-role="assistant"] .chat-text, [data-testid="chat-streaming"] .chat-text');
    const text = answers[answers.length - 1];
    if (!text) {
      list.scrollTop = list.scrollHeight;
      return;
    }
    const top = text.getBoundingClientRect().top - list.getBoundingClientRect().top + list.scrollTop;
    // While it streams the newest line stays in view; a finished answer opens at its first line.
    list.scrollTop = pending ? Math.max(top - 48, list.scrollHeight - list.clientHeight) : Math.max(0, top - 48);
  }, [messages, streamed, pending]);

  const check: CitationCheck = {
    isLinked: (datasetId) => campaign.datasets.includes(datasetId),
    onUnlinked: () => show('error', UNLINKED_CITATION_MESSAGE),
    onMissingIds: () => show('info', CITATION_WITHOUT_IDS_HINT),
    ...(playerView ? { hrefOf: (citation: ChatCitation) => playerCitationHref(campaign.id, citation) } : {}),
  };

  async function send(question?: string) {
    const query = (question ?? draft).trim();
    if (!query || pending) return;
    // The answer streams in as Markdown: its renderer starts loading now (plain text until it arrives).
    void loadMarkdownRenderer();
    const asked: ChatMessageView = { role: 'user', content: query, timestamp: new Date().toISOString(), citations: [], engine: null };
    setMessages((current) => [...current, asked]);
    if (question === undefined) setDraft('');
    setPending(true);
    setStreamed('');
    const controller = new AbortController();
    abortRef.current = controller;
    try {
      const answer = await streamCampaignChat({
        campaignId: campaign.id,
        query,
        conversationId,
        contextLevel,
        onText: (delta) => setStreamed((text) => text + delta),
        signal: controller.signal,
      });
      if (controller.signal.aborted) return;
      setMessages((current) => [
        ...current,
        {
          role: 'assistant',
          content: answer.response,
          timestamp: answer.timestamp,
          citations: answer.citations,
          engine: answer.engine,
          engine_label: answer.engine_label,
        },
      ]);
      if (answer.conversation_id !== conversationId) {
        setConversationId(answer.conversation_id);
        navigate(`/assistant?campaign=${campaign.id}&conversation=${answer.conversation_id}`, {
          replace: true,
          preventScrollReset: true,
        });
      } else {
        revalidator.revalidate();
      }
    } catch (error) {
      if (controller.signal.aborted) {
        // Stopped by the user: what had arrived stays, marked as stopped.
        if (stoppedRef.current === controller) setMessages((current) => [...current, stoppedAnswer(streamedRef.current)]);
        return;
      }
      const status = error instanceof ApiError ? error.status : 0;
      const message = error instanceof Error ? error.message : 'The assistant could not answer.';
      setMessages((current) => [
        ...current,
        {
          role: 'assistant',
          content: `**The assistant could not answer** (status ${status || 'network error'}): ${message}`,
          timestamp: new Date().toISOString(),
          citations: [],
          engine: null,
          errorStatus: status,
        },
      ]);
      show('error', `Chat failed: ${message}`);
      // Nothing typed is lost: the question returns to the input unless a new one is being written.
      setDraft((current) => current || query);
    } finally {
      if (abortRef.current === controller) {
        setPending(false);
        setStreamed('');
        window.dispatchEvent(new Event(USAGE_UPDATED_EVENT));
      }
    }
  }

  /** Stop while streaming: the request is aborted, the question returns to the input. */
  function stop() {
    const controller = abortRef.current;
    if (!controller || !pending) return;
    stoppedRef.current = controller;
    controller.abort();
  }

  const stoppedRef = useRef<AbortController | null>(null);
  const streamedRef = useRef('');
  streamedRef.current = streamed;
  const lastQuestion = [...messages].reverse().find((message) => message.role === 'user')?.content ?? null;

  const shown = failedTurn
    ? [
        ...messages,
        { role: 'user' as const, content: failedTurn.query, timestamp: new Date().toISOString(), citations: [], engine: null },
        {
          role: 'assistant' as const,
          content: `**The assistant could not answer** (status ${failedTurn.status}): ${failedTurn.error}`,
          timestamp: new Date().toISOString(),
          citations: [],
          engine: null,
          errorStatus: failedTurn.status,
        },
      ]
    : messages;

  return (
    <section className="chat-panel" aria-label="Chat Assistant">
      {notice && (
        <p className={`notice ${notice.tone} chat-notice`} role={notice.tone === 'error' ? 'alert' : 'status'}>
          {notice.text}
        </p>
      )}
      {failedTurn && !hydrated && (
        <p className="notice error chat-notice" role="alert">
          Chat failed: {failedTurn.error}
        </p>
      )}
      <div className="chat-messages" ref={listRef} data-testid="chat-messages" aria-live="polite">
        {shown.length === 0 && !pending && (
          <div className="chat-greeting">
            <p>{playerView ? PLAYER_CHAT_GREETING : CHAT_GREETING}</p>
          </div>
        )}
        {shown.map((message, index) => (
          <MessageView
            key={`${message.timestamp}-${index}`}
            message={message}
            check={check}
            actions={
              <MessageActions
                message={message}
                campaignId={campaign.id}
                conversationId={conversationId}
                contextLevel={contextLevel}
                regenerateQuestion={index === shown.length - 1 && message.role === 'assistant' ? lastQuestion : null}
                busy={pending}
                onResend={(question) => void send(question)}
              />
            }
          />
        ))}
        {pending && (
          <article className="chat-message assistant streaming" data-testid="chat-streaming">
            <header className="chat-message-meta">
              <span className="chat-role">Assistant</span>
            </header>
            {streamed && (
              <div className="chat-text">
                <Markdown text={streamed} />
              </div>
            )}
            <p className="chat-waiting">{CHAT_WAITING}</p>
          </article>
        )}
      </div>
      <form
        method="post"
        className="chat-form"
        onSubmit={(event) => {
          event.preventDefault();
          void send();
        }}
      >
        <input type="hidden" name="intent" value="ask" />
        <input type="hidden" name="campaign_id" value={campaign.id} />
        <input type="hidden" name="conversation_id" value={conversationId ?? ''} />
        <label className="context-level">
          Context Level
          <select name="context_level" value={contextLevel} onChange={(event) => onContextLevelChange(event.target.value as ContextLevel)}>
            {CONTEXT_LEVELS.map((level) => (
              <option key={level} value={level}>
                {CONTEXT_LEVEL_LABELS[level]}
              </option>
            ))}
          </select>
        </label>
        <div className="chat-input-row">
          <label className="sr-only" htmlFor="chat-query">
            Your question
          </label>
          <textarea
            id="chat-query"
            name="query"
            required
            rows={2}
            value={draft}
            placeholder={`Ask about ${campaign.name}…`}
            enterKeyHint="send"
            onChange={(event) => setDraft(event.target.value)}
            onKeyDown={(event) => {
              if (isSendKey(event)) {
                event.preventDefault();
                void send();
              }
            }}
          />
          {pending ? (
            <button type="button" className="danger chat-stop" onClick={stop}>
              Stop
            </button>
          ) : (
            <button type="submit" className="primary" disabled={hydrated && draft.trim() === ''}>
              Send
            </button>
          )}
        </div>
      </form>
    </section>
  );
}

function stoppedAnswer(partial: string): ChatMessageView {
  return {
    role: 'assistant',
    content: partial ? `${partial}\n\n*Stopped before the end.*` : '*Stopped before any answer arrived.*',
    timestamp: new Date().toISOString(),
    citations: [],
    engine: null,
  };
}
