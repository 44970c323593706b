import { describe, expect, it } from 'vitest';
import { createEncodeQueue } from './encode-queue.ts';

/** Work that runs until the test lets it finish, noting when it started. */
function controlled(started: string[], name: string) {
  let finish!: () => void;
  const done = new Promise<void>((resolve) => {
    finish = resolve;
  });
  const work = () => {
    started.push(name);
    return done;
  };
  return { work, finish };
}

describe('the encode queue', () => {
  it('runs one encode per owner at a time, and gives a free slot to another owner before a busy owner’s next', async () => {
    const queue = createEncodeQueue(2);
    const started: string[] = [];
    const a1 = controlled(started, 'a1');
    const a2 = controlled(started, 'a2');
    const a3 = controlled(started, 'a3');
    const b1 = controlled(started, 'b1');
    const c1 = controlled(started, 'c1');
    const runs = [queue.run('a', a1.work), queue.run('a', a2.work), queue.run('a', a3.work), queue.run('b', b1.work), queue.run('c', c1.work)];
    // Owner a's first and owner b's: a's second waits for a's first, not for a slot.
    expect(started).toEqual(['a1', 'b1']);
    b1.finish();
    await runs[3];
    // b's slot goes to c, who waited without a turn, before a's second.
    expect(started).toEqual(['a1', 'b1', 'c1']);
    a1.finish();
    await runs[0];
    expect(started).toEqual(['a1', 'b1', 'c1', 'a2']);
    c1.finish();
    a2.finish();
    await runs[1];
    expect(started).toEqual(['a1', 'b1', 'c1', 'a2', 'a3']);
    a3.finish();
    await Promise.all(runs);
  });

  it('frees the owner’s turn when its work fails', async () => {
    const queue = createEncodeQueue(1);
    await expect(queue.run('a', () => Promise.reject(new Error('ffmpeg failed')))).rejects.toThrow('ffmpeg failed');
    await expect(queue.run('a', async () => 'next')).resolves.toBe('next');
  });
});
