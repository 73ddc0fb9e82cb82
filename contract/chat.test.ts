import { describe, expect, it } from 'vitest';
import { citationHref } from './chat';

describe('citationHref', () => {
  it('opens the document at its page and at the quote', () => {
    const href = citationHref({ dataset_id: 'd1', document_id: 'doc1', page: 4, start: 120, end: 180 });
    expect(href).toBe('/dashboard?tab=datasets&dataset=d1&document=doc1&page=4&at=120-180');
  });

  it('leaves out what it does not know', () => {
    expect(citationHref({ dataset_id: 'd1', document_id: 'doc1', page: null, start: null, end: null })).toBe('/dashboard?tab=datasets&dataset=d1&document=doc1');
    expect(citationHref({ dataset_id: null, document_id: null, page: null })).toBe('/dashboard?tab=datasets');
  });
});
