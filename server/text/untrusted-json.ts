/**
 * The one check of a JSON value that came from outside (an /api body, an uploaded calendar
 * file): how deep it nests and whether its text is storable. It walks without recursion, so a
 * document nested thousands of levels deep is refused here rather than overflowing the stack
 * of whatever serialises it later (JSON.stringify, the database driver).
 */

/** Deepest nesting accepted; the deepest real document we take (a Fantasy-Calendar export) nests 6. */
export const MAX_JSON_DEPTH = 64;

export const BAD_TEXT_MESSAGE = 'The request contains text with a NUL byte or a broken Unicode character. Remove it and try again.';
export const TOO_DEEP_MESSAGE = `The request nests objects or lists more than ${MAX_JSON_DEPTH} levels deep. Flatten it and try again.`;

const LONE_SURROGATE = /[\ud800-\udbff](?![\udc00-\udfff])|(?<![\ud800-\udbff])[\udc00-\udfff]/;

/** Text the database cannot store (NUL) or that is not Unicode (a lone surrogate). */
export function isBadText(value: string): boolean {
  return value.includes('\u0000') || LONE_SURROGATE.test(value);
}

/** What is wrong with an untrusted value, as the message to answer with; null when nothing is. */
export function untrustedJsonProblem(value: unknown): string | null {
  const pending: Array<{ value: unknown; depth: number }> = [{ value, depth: 0 }];
  while (pending.length > 0) {
    const item = pending.pop() as { value: unknown; depth: number };
    if (typeof item.value === 'string') {
      if (isBadText(item.value)) return BAD_TEXT_MESSAGE;
      continue;
    }
    if (item.value === null || typeof item.value !== 'object' || Buffer.isBuffer(item.value)) continue;
    if (item.depth >= MAX_JSON_DEPTH) return TOO_DEEP_MESSAGE;
    for (const [key, child] of Object.entries(item.value)) {
      if (isBadText(key)) return BAD_TEXT_MESSAGE;
      pending.push({ value: child, depth: item.depth + 1 });
    }
  }
  return null;
}
