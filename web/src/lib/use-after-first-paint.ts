import { startTransition, useEffect, useState } from 'react';

/**
 * False for the first paint, true once the browser has painted it: for what the page does not
 * need to show its content (the toasts' container, the bell's list), so its code and requests come
 * after that content rather than competing with it.
 */
export function useAfterFirstPaint(): boolean {
  const [isPainted, setPainted] = useState(false);
  useEffect(() => {
    // A frame, then a task: the frame is the one that paints. A tab in the background paints no
    // frames, so a second at most.
    // What waits for the paint is rendered in slices, never as one long task.
    const reveal = () => startTransition(() => setPainted(true));
    let timer: ReturnType<typeof setTimeout> | undefined;
    const frame = requestAnimationFrame(() => {
      timer = setTimeout(reveal);
    });
    const fallback = setTimeout(reveal, 1000);
    return () => {
      cancelAnimationFrame(frame);
      clearTimeout(fallback);
      if (timer) clearTimeout(timer);
    };
  }, []);
  return isPainted;
}
