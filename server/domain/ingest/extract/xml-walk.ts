import { Parser } from 'htmlparser2';

/** Walks the tags of a small XML part (relationships, styles, packages) with its attributes. Entities are never expanded. */
export function walkXml(xml: string, handlers: { onopentag?: (name: string, attribs: Record<string, string>) => void; onclosetag?: (name: string) => void }): void {
  const parser = new Parser(handlers, { xmlMode: true, decodeEntities: true });
  parser.write(xml);
  parser.end();
}
