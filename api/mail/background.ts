/**
 * Work that must not hold up an answer (a mail whose sending would say, by its time, whether an
 * account exists). A failure is logged, never thrown to anyone; `idle()` waits for what is under
 * way (tests read the outbox after it, shutdown and cleanup wait on it).
 */
export type Background = {
  run(what: string, work: () => Promise<void>): void;
  idle(): Promise<void>;
};

export function createBackground(log: (line: string) => void = console.error): Background {
  const running = new Set<Promise<void>>();
  return {
    run(what, work) {
      // After the current I/O turn, so the answer is written before any of the work runs (a
      // microtask would run its synchronous part, the lookup and the token, first).
      const task = new Promise<void>((resolve) => setImmediate(resolve))
        .then(work)
        .catch((error: unknown) => log(`${what} failed: ${error instanceof Error ? error.message : String(error)}`))
        .finally(() => running.delete(task));
      running.add(task);
    },
    async idle() {
      while (running.size > 0) await Promise.all(running);
    },
  };
}
