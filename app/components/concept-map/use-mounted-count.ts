import { useEffect, useState } from 'react';

/**
 * How many of a big map's elements to have in the document: `perFrame` more each animation frame
 * once `ready`, until all `total` are. Adding thousands of SVG elements at once was one long task
 * (the elements, then their style and paint) that held up input; a few hundred a frame are short ones.
 */
export function useMountedCount(total: number, ready: boolean, perFrame: number): number {
  const [count, setCount] = useState(0);
  useEffect(() => {
    if (!ready || count >= total) return;
    const frame = requestAnimationFrame(() => setCount((current) => Math.min(total, current + perFrame)));
    return () => cancelAnimationFrame(frame);
  }, [ready, count, total, perFrame]);
  return Math.min(count, total);
}
