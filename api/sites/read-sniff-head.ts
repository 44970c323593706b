import { open } from 'node:fs/promises';
import { SNIFF_HEAD_BYTES } from './sniff-media.ts';

/** The leading bytes of an uploaded file that `sniffMedia` decides its type from, read without loading the file. */
export async function readSniffHead(path: string): Promise<Uint8Array> {
  const handle = await open(path, 'r');
  try {
    const head = new Uint8Array(SNIFF_HEAD_BYTES);
    const { bytesRead } = await handle.read(head, 0, SNIFF_HEAD_BYTES, 0);
    return head.subarray(0, bytesRead);
  } finally {
    await handle.close();
  }
}
