import { describe, expect, it } from 'vitest';
import { extractDocument } from './index';

const latin1 = (s: string) => Uint8Array.from(s, (c) => c.charCodeAt(0));

// Shaped like pandoc's RTF output, plus the escapes other writers use.
const RTF = String.raw`{\rtf1\ansi\ansicpg1252\deff0{\fonttbl{\f0 \fswiss Helvetica;}{\f1 \fmodern Courier;}}
{\colortbl;\red255\green0\blue0;}
{\stylesheet{\s1 heading 1;}}
{\info{\author Secret Author}{\title Hidden}}
{\*\generator Writer 1.0;}
{\header {\pard Running header\par}}
\widowctrl\hyphauto
{\pard \ql \f0 \sa180 \outlinelevel0 \b \fs36 Appendix PH-A: Conditions\par}
{\pard \ql \f0 \sa180 \outlinelevel3 \b \fs24 Exhaustion\par}
{\pard \ql \f0 Exhaustion is measured in six levels. The creature\u8217's effects don\'92t stack.\par}
{\pard \ql \f0 \bullet \tab Caf\'e9 na\u239?ve \{braces\} back\\slash\line second line\par}
{\pard {\*\bkmkstart x}{\*\bkmkend x}{\pict\pngblip 89504e470d0a1a0a}Picture skipped.\par}
{\field{\*\fldinst HYPERLINK "http://evil.invalid"}{\fldrslt link text}}\par
{\uc2 Two fallbacks: \u8364\'80\'80 euro.\par}
{\trowd \trgaph120 \cellx4320\cellx8640
{\pard\intbl Level\par}\cell {\pard\intbl Effect\par}\cell \intbl\row}
{\trowd \cellx4320\cellx8640
{\pard\intbl 1\par}\cell {\pard\intbl Disadvantage on ability checks\par}\cell \intbl\row}
{\pard After the table.\par}
}`;

describe('rtf extraction', () => {
  it('turns RTF into text: escapes, unicode, skipped destinations, headings and tables', async () => {
    const doc = await extractDocument(latin1(RTF), 'conditions.rtf');
    expect(doc.blocks.map((b) => `${b.kind}:${b.kind === 'heading' ? b.level : ''}:${b.text}`)).toEqual([
      'heading:1:Appendix PH-A: Conditions',
      'heading:4:Exhaustion',
      'paragraph::Exhaustion is measured in six levels. The creature’s effects don’t stack.',
      'paragraph::• Café naïve {braces} back\\slash second line',
      'paragraph::Picture skipped.',
      'paragraph::link text',
      'paragraph::Two fallbacks: € euro.',
      'table-row::Level | Effect',
      'table-row::1 | Disadvantage on ability checks',
      'paragraph::After the table.',
    ]);
    for (const hidden of ['Helvetica', 'Secret Author', 'Writer', 'Running header', '89504e', 'HYPERLINK']) expect(doc.text).not.toContain(hidden);
  });

  it('refuses a file named .rtf that is not RTF', async () => {
    await expect(extractDocument(latin1('just text'), 'notes.rtf')).rejects.toMatchObject({ code: 'type_mismatch', rejectAtUpload: true });
  });
});
