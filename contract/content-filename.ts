/**
 * The saved document's filename rules, apart from contract/content.ts: the browser needs them
 * only in the save dialog and the save form's checks, both loaded on use (ADR 0241).
 */
export const MAX_FILENAME_LENGTH = 120;

/**
 * The name a generated document is saved under: no folders or characters file systems
 * refuse, ending in '.md' exactly once; null when nothing is left of it. 'notes.md.md',
 * 'notes.MD' and 'notes' all become 'notes.md'; '../../x' becomes 'x.md'.
 */
export function contentFilename(raw: string): string | null {
  let base =
    (raw ?? '')
      .normalize('NFC')
      .replace(/[\u0000-\u001f\u007f-\u009f]/g, '')
      .split(/[\\/]/)
      .filter((part) => part.trim() !== '' && part.trim() !== '.' && part.trim() !== '..')
      .pop() ?? '';
  base = base
    .replace(/[<>:"|?*]/g, '_')
    .replace(/\s+/g, ' ')
    .trim();
  for (;;) {
    const stripped = base.replace(/\.md$/i, '').replace(/[.\s]+$/, '');
    if (stripped === base) break;
    base = stripped;
  }
  base = base.replace(/^[.\s]+/, '');
  base = Array.from(base).slice(0, MAX_FILENAME_LENGTH).join('').trim();
  if (!/[\p{L}\p{N}]/u.test(base)) return null;
  return `${base}.md`;
}
