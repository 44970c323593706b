/**
 * Runs encodes fairly between tenants: at most `slots` at once in this process, at most one per
 * owner, and a freed slot goes to the owner who waited since longest without one running (round
 * robin over owners, each owner's own encodes first come, first served). One tenant's long video
 * then holds one slot, never the others' turn: with two slots another owner's video starts at
 * once (docs/decisions.md, "Encodes queue fairly").
 */
export function createEncodeQueue(slots: number) {
  const waiting = new Map<string, (() => void)[]>();
  const busy = new Set<string>();

  function next() {
    if (busy.size >= slots) return;
    // A Map iterates in insertion order: an owner re-added after its turn goes to the back.
    for (const [owner, starts] of waiting) {
      if (busy.has(owner)) continue;
      const start = starts.shift()!;
      waiting.delete(owner);
      if (starts.length > 0) waiting.set(owner, starts);
      busy.add(owner);
      start();
      if (busy.size >= slots) return;
    }
  }

  return {
    /** Runs `work` when `owner` has its turn; resolves or rejects with it. */
    run<T>(owner: string, work: () => Promise<T>): Promise<T> {
      return new Promise<T>((resolve, reject) => {
        // The turn is given on before the caller hears: the next encode starts as this one's publish goes on.
        const handOn = () => {
          busy.delete(owner);
          next();
        };
        const start = () => {
          work().then(
            (value) => {
              handOn();
              resolve(value);
            },
            (error: unknown) => {
              handOn();
              reject(error);
            },
          );
        };
        waiting.set(owner, [...(waiting.get(owner) ?? []), start]);
        next();
      });
    },
  };
}
