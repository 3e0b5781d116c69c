/**
 * One run of `work` at a time: a call while it runs asks for one more run after it, however many
 * calls that are, so answers arrive in order and the newest writes last.
 */
export function coalesced(work: () => Promise<void>): () => Promise<void> {
  let running: Promise<void> | null = null;
  let again = false;
  return () => {
    if (running) {
      again = true;
      return running;
    }
    running = (async () => {
      do {
        again = false;
        await work();
      } while (again);
    })().finally(() => {
      running = null;
    });
    return running;
  };
}
