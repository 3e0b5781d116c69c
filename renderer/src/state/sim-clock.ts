// The simulated clock as the screens show it: between `clock` events the UI runs it on from the
// last instant it learned (widgets/clock.ts), without asking the host every second.
import { useSyncExternalStore } from 'react';
import { clockOffsetMs, simulatedNowMs } from '../widgets/clock';
import { useShell } from './shell';

// One timer for every component that shows the running clock.
const TICK_MS = 1000;
const listeners = new Set<() => void>();
let timer: ReturnType<typeof setInterval> | undefined;
let second = Math.floor(Date.now() / TICK_MS);

function subscribe(listener: () => void): () => void {
  listeners.add(listener);
  timer ??= setInterval(() => {
    second = Math.floor(Date.now() / TICK_MS);
    for (const l of listeners) l();
  }, TICK_MS);
  return () => {
    listeners.delete(listener);
    if (listeners.size === 0 && timer !== undefined) {
      clearInterval(timer);
      timer = undefined;
    }
  };
}

const currentSecond = (): number => second;

/** The running simulated clock (ms), re-rendering every second; null until the host has answered. */
export function useSimulatedNow(): number | null {
  useSyncExternalStore(subscribe, currentSecond);
  const now = useShell((s) => s.info?.now);
  const clockAt = useShell((s) => s.clockAt);
  const paused = useShell((s) => s.paused);
  return now === undefined ? null : simulatedNowMs(now, clockAt, Date.now(), paused);
}

/** The simulated clock's offset from the wall clock (ms), for showing the wall time of a simulated instant. */
export function useClockOffset(): number | null {
  const now = useShell((s) => s.info?.now);
  const clockAt = useShell((s) => s.clockAt);
  return now === undefined ? null : clockOffsetMs(now, clockAt);
}
