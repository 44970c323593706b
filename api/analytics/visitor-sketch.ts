/**
 * A set of visitors that merges: exact (their 32-bit hashes, sorted) up to `SPARSE_MAX`, then a
 * HyperLogLog of 2^12 one-byte registers (Flajolet et al. 2007; standard error 1.04/√4096 ≈ 1.6 %).
 * Both forms fit in 4 KB, so a day's or a month's visitors for one combination of filters is one
 * small blob, and a year's users is a merge of a few hundred of them.
 *
 * Blob layout: byte 0 is the form (0 exact, 1 registers), then either little-endian uint32
 * hashes in ascending order, or the 4096 registers.
 */

const P = 12;
const M = 1 << P;
/** More hashes than this and the registers (M bytes) are the smaller form. */
export const SPARSE_MAX = M / 4 - 1;
const EXACT = 0;
const REGISTERS = 1;

/**
 * A visitor id's 32-bit hash: FNV-1a, then murmur3's finaliser so every bit (the register index
 * is the top 12) depends on every character.
 */
export function visitorHash(id: string): number {
  let h = 0x811c9dc5;
  for (let i = 0; i < id.length; i++) {
    h ^= id.charCodeAt(i);
    h = Math.imul(h, 0x01000193);
  }
  h ^= h >>> 16;
  h = Math.imul(h, 0x85ebca6b);
  h ^= h >>> 13;
  h = Math.imul(h, 0xc2b2ae35);
  h ^= h >>> 16;
  return h >>> 0;
}

/** A sketch being merged: the exact hashes while they are few, then registers. */
export type SketchUnion = { exact: Set<number> | null; registers: Uint8Array | null };

export function emptyUnion(): SketchUnion {
  return { exact: new Set(), registers: null };
}

function registerOf(registers: Uint8Array, hash: number): void {
  const index = hash >>> (32 - P);
  // Leading zeros of the remaining 20 bits, plus one; a guard bit caps it at 21.
  const rank = Math.clz32(((hash << P) | (1 << (P - 1))) >>> 0) + 1;
  if (rank > registers[index]!) registers[index] = rank;
}

function toRegisters(union: SketchUnion): Uint8Array {
  if (union.registers) return union.registers;
  const registers = new Uint8Array(M);
  for (const hash of union.exact ?? []) registerOf(registers, hash);
  union.registers = registers;
  union.exact = null;
  return registers;
}

/** Adds one hash. */
export function addHash(union: SketchUnion, hash: number): void {
  if (union.exact) {
    union.exact.add(hash);
    if (union.exact.size > SPARSE_MAX) toRegisters(union);
    return;
  }
  registerOf(union.registers!, hash);
}

/** Adds a stored sketch. */
export function addSketch(union: SketchUnion, blob: Uint8Array): void {
  const view = new DataView(blob.buffer, blob.byteOffset, blob.byteLength);
  if (blob[0] === REGISTERS) {
    const registers = toRegisters(union);
    for (let i = 0; i < M; i++) if (blob[i + 1]! > registers[i]!) registers[i] = blob[i + 1]!;
    return;
  }
  for (let at = 1; at + 4 <= blob.byteLength; at += 4) addHash(union, view.getUint32(at, true));
}

/** Adds another union (a site's visitors to an account's): the same as adding every sketch it was made of. */
export function addUnion(union: SketchUnion, other: SketchUnion): void {
  if (other.exact) {
    for (const hash of other.exact) addHash(union, hash);
    return;
  }
  const registers = toRegisters(union);
  const theirs = other.registers!;
  for (let i = 0; i < M; i++) if (theirs[i]! > registers[i]!) registers[i] = theirs[i]!;
}

/** The sketch as stored. */
export function encodeSketch(union: SketchUnion): Uint8Array {
  if (union.exact) {
    const hashes = [...union.exact].sort((a, b) => a - b);
    const blob = new Uint8Array(1 + hashes.length * 4);
    const view = new DataView(blob.buffer);
    blob[0] = EXACT;
    for (const [i, hash] of hashes.entries()) view.setUint32(1 + i * 4, hash, true);
    return blob;
  }
  const blob = new Uint8Array(1 + M);
  blob[0] = REGISTERS;
  blob.set(union.registers!, 1);
  return blob;
}

/** 2^−rank for every rank a register can hold (at most 21), so an estimate does no powers. */
const INVERSE_POWERS = Float64Array.from({ length: 64 }, (_, rank) => 2 ** -rank);

/** The HyperLogLog estimate from M registers. */
function estimate(registers: Uint8Array): number {
  let sum = 0;
  let zeros = 0;
  for (let i = 0; i < M; i++) {
    const rank = registers[i]!;
    sum += INVERSE_POWERS[rank]!;
    if (rank === 0) zeros++;
  }
  const alpha = 0.7213 / (1 + 1.079 / M);
  const raw = (alpha * M * M) / sum;
  // Small range: linear counting is the better estimate (HLL paper, §4).
  if (raw <= 2.5 * M && zeros > 0) return Math.round(M * Math.log(M / zeros));
  const two32 = 2 ** 32;
  if (raw > two32 / 30) return Math.round(-two32 * Math.log(1 - raw / two32));
  return Math.round(raw);
}

/** How many visitors: exact while the union is small, the HyperLogLog estimate after. */
export function countUnion(union: SketchUnion): number {
  if (union.exact) return union.exact.size;
  return estimate(union.registers!);
}

/** How many visitors one stored sketch holds, read in place: what a union of it alone would count (a day of a day chart). */
export function countSketch(blob: Uint8Array): number {
  if (blob[0] === REGISTERS) return estimate(blob.subarray(1, 1 + M));
  return (blob.byteLength - 1) / 4;
}
