/**
 * An engine's opening (see TextGenerator.opening) sent at once, so the reader sees text while
 * the passages are still being searched. The returned callback passes on the engine's own
 * pieces with that opening taken off the front: the pieces still join to the whole answer.
 */
export async function sendOpeningFirst(opening: string | undefined, onText: ((delta: string) => void) | undefined) {
  if (!onText || !opening) return onText;
  onText(opening);
  // A turn of the event loop, so the write leaves before the search holds the thread (PGlite
  // runs on it, and Node sends a response's writes only on the next tick).
  await new Promise((resolve) => setImmediate(resolve));
  let expected = opening;
  return (delta: string): void => {
    if (expected !== '') {
      const skipped = delta.slice(0, expected.length);
      if (!expected.startsWith(skipped)) throw new Error('The engine did not open its answer with the opening it promised.');
      expected = expected.slice(skipped.length);
      delta = delta.slice(skipped.length);
    }
    if (delta !== '') onText(delta);
  };
}
