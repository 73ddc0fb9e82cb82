import type { KeyboardEvent } from 'react';

/**
 * The chat boxes' one rule for the keyboard: Enter sends, Shift+Enter makes a new line, and an
 * Enter that ends an input method's composition (Japanese, Chinese…) only ends it. A text area
 * that follows it is marked `enterkeyhint="send"`, so a phone's keyboard shows a send key and a
 * part made live after the page can hold that send (late-part-after.tsx).
 */
export function isSendKey(event: KeyboardEvent): boolean {
  return event.key === 'Enter' && !event.shiftKey && !event.nativeEvent.isComposing;
}
