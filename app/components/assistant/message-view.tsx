import type { ReactNode } from 'react';
import { Markdown } from '../markdown/markdown';
import type { ChatCitation } from '../../../contract/chat';
import { CitationList, type CitationCheck } from './citation-list';
import { LocalTime } from './local-time';

export interface ChatMessageView {
  role: 'user' | 'assistant';
  content: string;
  timestamp: string;
  citations: ChatCitation[];
  engine: string | null;
  /** Which model answered and where (an OpenAI-compatible server's), shown instead of the engine's name. */
  engine_label?: string | null;
  /** Set on a failed turn: the status the server (or the network) answered. */
  errorStatus?: number;
}

const ENGINE_LABELS: Record<string, string> = { claude: 'Claude', openai: 'Your model', offline: 'Offline engine' };

/** One chat message: who, when, the text (Markdown, raw HTML dropped) and its sources. */
export function MessageView({ message, check, actions }: { message: ChatMessageView; check?: CitationCheck; actions?: ReactNode }) {
  const failed = message.errorStatus !== undefined;
  return (
    <article className={`chat-message ${message.role}${failed ? ' failed' : ''}`} data-testid="chat-message" data-role={message.role}>
      <header className="chat-message-meta">
        <span className="chat-role">{message.role === 'user' ? 'You' : 'Assistant'}</span>
        <LocalTime iso={message.timestamp} />
        {message.role === 'assistant' && message.engine && (
          <span className={`badge engine engine-${message.engine}`} data-testid="chat-engine" title="The engine that answered">
            {message.engine_label ?? ENGINE_LABELS[message.engine] ?? message.engine}
          </span>
        )}
        {failed && <span className="badge error-badge">Error {message.errorStatus || 'network'}</span>}
      </header>
      <div className="chat-text">{message.role === 'user' ? <p className="user-text">{message.content}</p> : <Markdown text={message.content} />}</div>
      <CitationList citations={message.citations} check={check} />
      {actions}
    </article>
  );
}
