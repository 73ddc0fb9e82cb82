import { describe, expect, it } from 'vitest';
import { extractDocument } from './index';

const enc = (s: string) => new TextEncoder().encode(s);

describe('xml extraction', () => {
  it('never expands DTD entities (billion laughs gives literal text)', async () => {
    const lol = ['<?xml version="1.0"?>', '<!DOCTYPE lolz [', ' <!ENTITY lol "lol">'];
    for (let i = 2; i <= 9; i++) lol.push(` <!ENTITY lol${i} "${`&lol${i === 2 ? '' : i - 1};`.repeat(10)}">`);
    lol.push(']>', '<lolz>&lol9;</lolz>');
    const doc = await extractDocument(enc(lol.join('\n')), 'laughs.xml');
    expect(doc.text).toBe('lolz: &lol9;');
    expect(doc.text).not.toContain('lollol');
  });

  it('renders sections with title attributes as headings, prose as paragraphs and short leaves as name: value', async () => {
    const xml = `<?xml version='1.0' encoding='utf-8'?>
      <chapter title="Conditions">
        <section title="Exhaustion">
          <p>Exhaustion is measured in six levels. An effect can give a creature one or more levels.</p>
          <monster><name>Orc</name><hp>15</hp><ac>13 &amp; shield</ac></monster>
        </section>
      </chapter>`;
    const doc = await extractDocument(enc(xml), 'conditions.xml');
    expect(doc.blocks.map((b) => `${b.kind}:${b.kind === 'heading' ? b.level : ''}:${b.text}`)).toEqual([
      'heading:1:Conditions',
      'heading:2:Exhaustion',
      'paragraph::Exhaustion is measured in six levels. An effect can give a creature one or more levels.',
      'heading:3:Orc',
      'paragraph::hp: 15\nac: 13 & shield',
    ]);
  });

  it('reads XHTML content as HTML', async () => {
    const doc = await extractDocument(
      enc('<?xml version="1.0"?><html xmlns="http://www.w3.org/1999/xhtml"><body><h2>Title</h2><p>Body text.</p></body></html>'),
      'page.xml',
    );
    expect(doc.text).toBe('Title\n\nBody text.');
  });
});
