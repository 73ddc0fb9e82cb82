import { useEffect, type RefObject } from 'react';

export const CITATION_MARK_CLASS = 'citation-mark';

/**
 * Scrolls the cited quote marked inside `container` to the middle of the view, and again
 * whenever the mark is drawn anew: markdown renders lazily (plain text first), a PDF's text
 * layer after its page (and again after a zoom), and a modal only lays out once it opens.
 */
export function useScrollToMark(container: RefObject<HTMLElement | null>, key: string | null) {
  useEffect(() => {
    const root = container.current;
    if (!key || !root) return;
    let scrolled: Element | null = null;
    const attempt = () => {
      const mark = root.querySelector<HTMLElement>(`.${CITATION_MARK_CLASS}`);
      // Not laid out yet (inside a dialog that has not opened): the resize observer calls again.
      if (!mark || mark === scrolled || mark.getClientRects().length === 0) return;
      scrolled = mark;
      mark.scrollIntoView({ block: 'center', inline: 'nearest' });
    };
    const mutations = new MutationObserver(attempt);
    mutations.observe(root, { childList: true, subtree: true });
    const resizes = new ResizeObserver(attempt);
    resizes.observe(root);
    attempt();
    return () => {
      mutations.disconnect();
      resizes.disconnect();
    };
  }, [container, key]);
}
