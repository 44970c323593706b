import type { Storage } from '../storage/storage.ts';
import { makeImageSet, type ImageSet } from './images.ts';

type MadeSet = Awaited<ReturnType<typeof makeImageSet>>;

/**
 * Image sets this process has already made or read, per storage. A set's derivatives are never
 * changed once written and the default widths are fixed, so a set seen once covers every later
 * publish: a republish then costs no storage read per image (a round trip each on S3).
 */
const known = new WeakMap<Storage, Map<string, ImageSet>>();

/** makeImageSet with the default widths, remembered for the storage; a remembered set counts as all reused. */
export async function makeImageSetOnce(storage: Storage, input: { sha256: string; load: () => Promise<Uint8Array> }): Promise<MadeSet> {
  let sets = known.get(storage);
  if (!sets) {
    sets = new Map();
    known.set(storage, sets);
  }
  const seen = sets.get(input.sha256);
  if (seen) return { set: seen, made: 0, reused: seen.variants.length };
  const made = await makeImageSet(storage, input);
  sets.set(input.sha256, made.set);
  return made;
}
