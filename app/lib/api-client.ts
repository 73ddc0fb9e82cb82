/**
 * fetch for the live pieces (chat, job polling, concept map, timeline track). The session
 * rides in the httpOnly cookie; a 401 anywhere means it is gone, so the user goes to /login
 * and comes back to this page afterwards.
 */
export class ApiError extends Error {
  constructor(
    readonly status: number,
    message: string,
  ) {
    super(message);
  }
}

export function goToLogin() {
  const here = window.location.pathname + window.location.search;
  window.location.assign(`/login?redirectTo=${encodeURIComponent(here)}`);
}

export async function apiFetch<T>(path: string, init: RequestInit = {}): Promise<T> {
  const headers = new Headers(init.headers);
  if (init.body && typeof init.body === 'string' && !headers.has('content-type')) {
    headers.set('content-type', 'application/json');
  }
  const response = await fetch(path, { ...init, headers, credentials: 'same-origin' });
  if (response.status === 401) {
    goToLogin();
    throw new ApiError(401, 'Your session has ended. Please log in again.');
  }
  const text = await response.text();
  const body = text ? safeJson(text) : null;
  if (!response.ok) {
    const message = (body as { error?: string } | null)?.error ?? `Request failed (${response.status})`;
    throw new ApiError(response.status, message);
  }
  return body as T;
}

function safeJson(text: string): unknown {
  try {
    return JSON.parse(text);
  } catch {
    return { error: text.slice(0, 200) };
  }
}
