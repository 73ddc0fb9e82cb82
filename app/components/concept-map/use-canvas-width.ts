import { useEffect, useState, type RefObject } from 'react';

/** The element's width in whole pixels, kept up to date as it resizes (0 until measured). */
export function useCanvasWidth(ref: RefObject<HTMLElement | null>): number {
  const [width, setWidth] = useState(0);
  useEffect(() => {
    const element = ref.current;
    if (!element) return;
    const observer = new ResizeObserver(([entry]) => setWidth(Math.round(entry.contentRect.width)));
    observer.observe(element);
    setWidth(Math.round(element.getBoundingClientRect().width));
    return () => observer.disconnect();
  }, [ref]);
  return width;
}
