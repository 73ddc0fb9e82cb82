import type { ConceptMapSettings } from '../../../contract/concept-map';

/** What the page's action answers when a post fails (a success redirects back to the map). */
export interface MapActionResult {
  intent: 'generate' | 'settings';
  error: string;
  /** The documents that were checked, so the form comes back as it was sent. */
  selected?: string[];
}

export type MapForm =
  | { intent: 'generate'; campaignId: string; documents: Array<{ id: string; dataset_id: string }> }
  | { intent: 'settings'; campaignId: string; settings: { show_labels: boolean; min_strength: string; layout: ConceptMapSettings['layout'] } };

/** Reads the page's two forms: Generate/Update Map (checked documents as "tome:document") and Settings. */
export function readMapForm(form: FormData): MapForm {
  const text = (name: string) => {
    const value = form.get(name);
    return typeof value === 'string' ? value : '';
  };
  const campaignId = text('campaign');
  if (text('intent') === 'settings') {
    return {
      intent: 'settings',
      campaignId,
      settings: {
        show_labels: text('show_labels') === 'true',
        min_strength: text('min_strength'),
        layout: (text('layout') || 'force_directed') as ConceptMapSettings['layout'],
      },
    };
  }
  const documents = form
    .getAll('document')
    .filter((value): value is string => typeof value === 'string')
    .map((value) => {
      const [dataset_id = '', id = ''] = value.split(':');
      return { id, dataset_id };
    });
  return { intent: 'generate', campaignId, documents };
}
