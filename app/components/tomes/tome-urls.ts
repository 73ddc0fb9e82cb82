/**
 * The Knowledge Tomes tab keeps which modal is open in its address, so every modal also works
 * as a page section without JavaScript and a link (a citation) can open a document directly.
 */
export type TomeParams = Partial<Record<TomeParam, string | number | null>>;
type TomeParam = 'create' | 'metadata' | 'delete' | 'manage' | 'delete_document' | 'dataset' | 'document' | 'page' | 'edit' | 'tome_notice' | 'tome_error';

export function tomesUrl(params: TomeParams = {}): string {
  const search = new URLSearchParams({ tab: 'datasets' });
  for (const [key, value] of Object.entries(params)) {
    if (value !== null && value !== undefined && value !== '') search.set(key, String(value));
  }
  return `/dashboard?${search.toString()}`;
}

export const fileUrl = (datasetId: string, documentId: string, inline = false) =>
  `/api/datasets/${datasetId}/documents/${documentId}/file${inline ? '?inline=1' : ''}`;
