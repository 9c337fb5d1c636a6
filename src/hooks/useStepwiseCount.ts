import { startTransition, useEffect, useState } from 'react';

/**
 * A count that starts at `initial` and grows by `step` after each paint, never past `limit`
 * (which may grow meanwhile: it then grows again at the next step, not at once), each step
 * rendered as a transition: a long list shows its first items at once and the rest a few at a
 * time, without any single task holding up the page. It starts again when `key` changes.
 */
export function useStepwiseCount(limit: number, initial: number, step: number, key: string): number {
  const [grown, setGrown] = useState({ key, count: initial });
  const count = Math.min(limit, grown.key === key ? grown.count : initial);
  useEffect(() => {
    if (count >= limit) return;
    const timer = setTimeout(() => startTransition(() => setGrown({ key, count: Math.min(count + step, limit) })));
    return () => clearTimeout(timer);
  }, [count, limit, step, key]);
  return count;
}
