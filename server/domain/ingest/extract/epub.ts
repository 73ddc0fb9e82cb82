import { BlockBuilder } from './blocks';
import { errors } from './errors';
import { extractHtml } from './html';
import { SafeZip, resolveZipPath } from './safe-zip';
import { walkXml } from './xml-walk';

/**
 * EPUB: META-INF/container.xml names the package (OPF); its spine gives the reading order of
 * the XHTML chapters, each read as HTML. Only files inside the archive are read.
 */

interface ManifestItem {
  href: string;
  mediaType: string;
}

const local = (name: string) => name.slice(name.indexOf(':') + 1);

export function packagePath(zip: SafeZip): string | undefined {
  const container = zip.readText('META-INF/container.xml');
  let path: string | undefined;
  if (container) {
    walkXml(container, {
      onopentag(name, attribs) {
        if (!path && local(name) === 'rootfile' && attribs['full-path']) path = resolveZipPath('', attribs['full-path']);
      },
    });
  }
  if (path && zip.has(path)) return path;
  return [...zip.entries.keys()].find((name) => name.toLowerCase().endsWith('.opf'));
}

export function spineOf(opf: string, opfPath: string): string[] {
  const manifest = new Map<string, ManifestItem>();
  const spine: string[] = [];
  walkXml(opf, {
    onopentag(name, attribs) {
      const tag = local(name);
      if (tag === 'item' && attribs.id && attribs.href) {
        manifest.set(attribs.id, { href: attribs.href, mediaType: attribs['media-type'] ?? '' });
      } else if (tag === 'itemref' && attribs.idref) spine.push(attribs.idref);
    },
  });
  const paths: string[] = [];
  for (const id of spine) {
    const item = manifest.get(id);
    if (!item || /^[a-z][a-z0-9+.-]*:/i.test(item.href)) continue;
    if (item.mediaType && !/html|xml/.test(item.mediaType)) continue;
    paths.push(resolveZipPath(opfPath, item.href));
  }
  return paths;
}

export function extractEpub(zip: SafeZip, out: BlockBuilder): void {
  if (!zip.has('META-INF/container.xml') && ![...zip.entries.keys()].some((n) => n.endsWith('.opf'))) {
    throw errors.typeMismatch('epub', 'a zip archive without an EPUB package');
  }
  const opfPath = packagePath(zip);
  const opf = opfPath ? zip.readText(opfPath) : undefined;
  if (!opfPath || !opf) throw errors.damaged('epub');
  const chapters = spineOf(opf, opfPath).filter((path) => zip.has(path));
  const encryption = zip.has('META-INF/encryption.xml') ? (zip.readText('META-INF/encryption.xml') ?? '') : '';
  if (chapters.some((path) => encryption.includes(path.slice(path.lastIndexOf('/') + 1)))) throw errors.encrypted('epub');
  for (const path of chapters) zip.checkDeclared(path);
  for (const path of new Set(chapters)) {
    extractHtml(zip.readText(path) ?? '', out, { xhtml: true });
    out.endTable();
  }
}
