import { useEffect, type RefObject } from 'react';

export const CITATION_MARK_CLASS = 'citation-mark';

/**
 * Once the cited quote is marked inside `container` (markdown renders lazily, a PDF's text
 * layer after its page), scrolls it to the middle of the view, once per `key`.
 */
export function useScrollToMark(container: RefObject<HTMLElement | null>, key: string | null) {
  useEffect(() => {
    const root = container.current;
    if (!key || !root) return;
    const scroll = () => {
      const mark = root.querySelector<HTMLElement>(`.${CITATION_MARK_CLASS}`);
      if (!mark) return false;
      mark.scrollIntoView({ block: 'center', inline: 'nearest' });
      return true;
    };
    if (scroll()) return;
    const observer = new MutationObserver(() => {
      if (scroll()) observer.disconnect();
    });
    observer.observe(root, { childList: true, subtree: true });
    return () => observer.disconnect();
  }, [container, key]);
}
