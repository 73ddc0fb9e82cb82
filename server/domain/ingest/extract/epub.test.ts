import { describe, expect, it } from 'vitest';
import { extractDocument } from './index';
import { buildEpub } from './test-fixtures';

describe('epub extraction', () => {
  it('follows the spine order, not the manifest order, and reads each chapter as HTML', async () => {
    const epub = buildEpub(
      [
        { id: 'ch2', body: '<h1>The Astral Plane</h1><p>Silver void.</p>' },
        { id: 'ch1', body: '<h1>The Planes</h1><p>The Ethereal Plane and the Astral Plane are called the Transitive Planes.</p><script>alert(1)</script>' },
      ],
      ['ch1', 'ch2'],
    );
    const doc = await extractDocument(epub, 'planes.epub');
    expect(doc.text).toBe('The Planes\n\nThe Ethereal Plane and the Astral Plane are called the Transitive Planes.\n\nThe Astral Plane\n\nSilver void.');
  });
});
