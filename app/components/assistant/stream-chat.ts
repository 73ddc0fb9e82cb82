import type { CampaignChatAnswer, ChatStreamEvent, ContextLevel } from '../../../contract/chat';
import { ApiError, goToLogin } from '~/lib/api-client';

export interface ChatRequest {
  campaignId: string;
  query: string;
  conversationId: string | null;
  contextLevel: ContextLevel;
  onText: (delta: string) => void;
  signal?: AbortSignal;
}

/**
 * POST /api/campaigns/{id}/chat as a server-sent event stream: the answer's pieces go to
 * `onText` as they arrive, the whole answer is returned. Failures throw ApiError with the
 * status (a 401 sends the user to /login, like apiFetch).
 */
export async function streamCampaignChat(request: ChatRequest): Promise<CampaignChatAnswer> {
  let response: Response;
  try {
    response = await fetch(`/api/campaigns/${encodeURIComponent(request.campaignId)}/chat`, {
      method: 'POST',
      credentials: 'same-origin',
      headers: { 'content-type': 'application/json', accept: 'text/event-stream' },
      body: JSON.stringify({
        query: request.query,
        conversation_id: request.conversationId,
        context_level: request.contextLevel,
      }),
      signal: request.signal,
    });
  } catch {
    throw new ApiError(0, 'The server could not be reached. Check your connection and try again.');
  }
  if (response.status === 401) {
    goToLogin();
    throw new ApiError(401, 'Your session has ended. Please log in again.');
  }
  if (!response.ok || !response.body || !(response.headers.get('content-type') ?? '').includes('text/event-stream')) {
    const text = await response.text().catch(() => '');
    let message = `Request failed (${response.status})`;
    try {
      message = (JSON.parse(text) as { error?: string }).error ?? message;
    } catch {
      // not JSON: keep the status line
    }
    throw new ApiError(response.status, message);
  }

  const reader = response.body.pipeThrough(new TextDecoderStream()).getReader();
  let buffer = '';
  for (;;) {
    const { value, done } = await reader.read();
    if (value) buffer += value;
    let boundary = buffer.indexOf('\n\n');
    while (boundary !== -1) {
      const message = parseEvent(buffer.slice(0, boundary));
      buffer = buffer.slice(boundary + 2);
      boundary = buffer.indexOf('\n\n');
      if (!message) continue;
      if (message.event === 'delta') request.onText(message.data.text);
      else if (message.event === 'done') return message.data;
      else if (message.event === 'error') throw new ApiError(message.data.status, message.data.error);
    }
    if (done) break;
  }
  throw new ApiError(502, 'The answer was cut off before it was complete. Try again.');
}

function parseEvent(block: string): ChatStreamEvent | null {
  let event = '';
  const data: string[] = [];
  for (const line of block.split('\n')) {
    if (line.startsWith('event:')) event = line.slice(6).trim();
    else if (line.startsWith('data:')) data.push(line.slice(5).trimStart());
  }
  if (!event || data.length === 0) return null;
  try {
    return { event, data: JSON.parse(data.join('\n')) } as ChatStreamEvent;
  } catch {
    return null;
  }
}
