import { useEffect, useState } from 'react';

/**
 * A two-step action's state: the first click asks, the second acts. The question goes away by itself after
 * `windowMs` if left unanswered, so a slip of the mouse long ago never confirms anything.
 */
export function useAskFirst(windowMs: number): { asking: boolean; ask(): void; stop(): void } {
  const [asking, setAsking] = useState(false);

  useEffect(() => {
    if (!asking) return;
    const timer = setTimeout(() => setAsking(false), windowMs);
    return () => clearTimeout(timer);
  }, [asking, windowMs]);

  return { asking, ask: () => setAsking(true), stop: () => setAsking(false) };
}
