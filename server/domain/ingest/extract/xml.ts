import { Parser } from 'htmlparser2';
import { BlockBuilder } from './blocks';
import { extractHtml } from './html';

/**
 * Generic XML to readable text. Only the five predefined entities and character references are
 * decoded: entities declared in a DTD are never expanded (a billion-laughs file yields its
 * literal '&lol9;'), and nothing outside the root element (the DOCTYPE) is read.
 *
 * Each leaf element becomes a line: prose as it is, short values as 'name: value'.
 * An element with children and a title/name attribute, or whose first child is a
 * <title>/<heading>/<name>, opens a heading. XHTML is read as HTML.
 */

const TITLE_ATTRS = ['title', 'name', 'heading', 'label'];
const TITLE_ELEMENTS = new Set(['title', 'heading', 'head', 'name', 'caption']);

interface Frame {
  name: string;
  text: string;
  children: number;
  level: number;
  /** Text gathered from inline children (mixed content like <p>a <b>b</b> c</p>). */
  mixed: boolean;
}

const localName = (name: string) => name.slice(name.indexOf(':') + 1);
const isProse = (s: string) => s.length > 80 || s.split(/\s+/).length > 8 || /[.!?]\s/.test(s);

export function extractXml(xml: string, out: BlockBuilder): void {
  if (/^\s*(<\?xml[^>]*\?>\s*)?(<!--[\s\S]*?-->\s*)*(<!DOCTYPE\s+html[^>]*>\s*)?<html[\s>]/i.test(xml)) {
    extractHtml(xml, out, { xhtml: true });
    return;
  }
  const stack: Frame[] = [];
  let fields: string[] = [];
  const flushFields = () => {
    if (fields.length) out.paragraph(fields.join('\n'), { keepLines: true });
    fields = [];
  };
  const emitLeaf = (frame: Frame, parent: Frame | undefined) => {
    const value = frame.text.replace(/\s+/g, ' ').trim();
    if (!value) return;
    const name = localName(frame.name);
    if (parent && parent.children === 1 && TITLE_ELEMENTS.has(name.toLowerCase())) {
      flushFields();
      out.heading(value, parent.level);
      parent.level++;
    } else if (isProse(value)) {
      flushFields();
      out.paragraph(value);
    } else fields.push(`${name}: ${value}`);
  };

  const parser = new Parser(
    {
      onopentag(name, attribs) {
        const parent = stack[stack.length - 1];
        if (parent) {
          parent.children++;
          if (parent.text.trim()) parent.mixed = true;
        }
        let level = parent?.level ?? 1;
        const titleAttr = TITLE_ATTRS.map((a) => attribs[a]).find((v) => v && v.trim());
        if (titleAttr) {
          flushFields();
          out.heading(titleAttr, level);
          level++;
        }
        stack.push({ name, text: '', children: 0, level: Math.min(level, 6), mixed: false });
      },
      ontext(data) {
        const top = stack[stack.length - 1];
        if (top) top.text += data;
      },
      onclosetag() {
        const frame = stack.pop();
        if (!frame) return;
        const parent = stack[stack.length - 1];
        if (frame.children === 0 && parent?.mixed) {
          parent.text += frame.text;
          return;
        }
        if (frame.children === 0 || frame.mixed) emitLeaf(frame, parent);
        else if (frame.text.trim()) emitLeaf({ ...frame, children: 0 }, parent);
        else flushFields();
      },
    },
    { xmlMode: true, decodeEntities: true },
  );
  parser.write(xml);
  parser.end();
  flushFields();
}
