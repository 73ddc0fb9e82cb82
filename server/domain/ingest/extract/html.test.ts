import { describe, expect, it } from 'vitest';
import { extractDocument } from './index';

const enc = (s: string) => new TextEncoder().encode(s);

describe('html extraction', () => {
  it('drops scripts, styles and the head; keeps headings, paragraphs, lists and tables', async () => {
    const html = `<!DOCTYPE html><html><head><title>Ignored title</title><style>p { color: red }</style>
      <script>document.write("evil")</script></head><body>
      <h1>Conditions</h1><h4>Exhaustion</h4>
      <p>Exhaustion is measured in <em>six</em>&nbsp;levels &amp; stacks.<br>New line.</p>
      <noscript>Enable JavaScript</noscript><template><p>hidden template</p></template>
      <ul><li>First item</li><li><p>Second item</p></li></ul>
      <div>Loose <b>div</b> text<div>nested div</div></div>
      <table><thead><tr><th>Level</th><th>Effect</th></tr></thead>
      <tbody><tr><td>1</td><td>Disadvantage on <i>ability checks</i></td></tr>
      <tr><td>2</td><td><table><tr><td>inner</td></tr></table></td></tr></tbody></table>
      <p onclick="alert(1)">After <a href="javascript:alert(1)">the link</a>.</p>
      <img src=x onerror="alert('xss')"></body></html>`;
    const doc = await extractDocument(enc(html), 'conditions.html');
    expect(doc.blocks.filter((b) => b.kind === 'heading').map((b) => (b.kind === 'heading' ? [b.level, b.text] : []))).toEqual([
      [1, 'Conditions'],
      [4, 'Exhaustion'],
    ]);
    expect(doc.text).toBe(
      [
        'Conditions',
        'Exhaustion',
        'Exhaustion is measured in six levels & stacks. New line.',
        '- First item',
        '- Second item',
        'Loose div text',
        'nested div',
        'Level | Effect\n1 | Disadvantage on ability checks\n2 | inner',
        'After the link.',
      ].join('\n\n'),
    );
    for (const gone of ['evil', 'color', 'Ignored title', 'Enable JavaScript', 'hidden template', 'alert']) expect(doc.text).not.toContain(gone);
  });
});
