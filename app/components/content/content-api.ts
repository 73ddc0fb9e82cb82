import type { GeneratedContent, SavedContent } from '../../../contract/content';
import { ApiError, apiFetch } from '~/lib/api-client';

export interface GenerateRequestBody {
  content_type: string;
  prompt: string;
  character_format?: string;
  primary_dataset_id: string;
  conversation_id?: string;
  is_revision?: boolean;
  original_content?: string;
}

export function requestContent(campaignId: string, body: GenerateRequestBody): Promise<GeneratedContent> {
  return apiFetch<GeneratedContent>(`/api/campaigns/${encodeURIComponent(campaignId)}/create-content`, {
    method: 'POST',
    body: JSON.stringify(body),
  });
}

export function saveGeneratedContent(
  campaignId: string,
  body: { dataset_id: string; content: string; filename: string; content_type: string; character_format?: string | null; sources: string[] },
): Promise<SavedContent> {
  return apiFetch<SavedContent>(`/api/campaigns/${encodeURIComponent(campaignId)}/save-content`, {
    method: 'POST',
    body: JSON.stringify(body),
  });
}

/** The server's error text, else the screen's own fallback (spec section 8). */
export function failureText(error: unknown, fallback: string): string {
  if (error instanceof ApiError && error.message && !/^Request failed \(\d+\)$/.test(error.message)) return error.message;
  return fallback;
}
