import { z } from 'zod';
import { isMessageKey, type MessageKey } from './messages/keys.ts';
import { idSchema } from './validation.ts';

/**
 * Limits of a creative ZIP read on the server, beside its 1 GB size (B §5, `MAX_ZIP_BYTES`):
 * an archive past them is refused as a ZIP bomb, counted while inflating, never from its headers
 * alone (docs/decisions.md).
 */
export const ZIP_LIMITS = {
  /** Entries in the central directory; far more than any grid has pages. */
  maxEntries: 2000,
  /** Bytes inflated from the whole archive. */
  maxInflatedBytes: 2 * 1024 ** 3,
  /** Inflated bytes per compressed byte of one entry, once it has inflated `ratioFloorBytes`: images barely compress. */
  maxRatio: 100,
  ratioFloorBytes: 1024 * 1024,
} as const;

const messageKeySchema = z.custom<MessageKey>(isMessageKey);

/** An entry of the ZIP that was not placed, named, with why as a message key. */
export const badEntrySchema = z.object({ name: z.string(), key: messageKeySchema, values: z.record(z.string(), z.union([z.string(), z.number()])) });
export type BadEntry = z.output<typeof badEntrySchema>;

/** What the bulk upload's event stream says: progress per entry, then done (what was stored) or failed (why, by key). */
export const bulkUploadEventSchema = z.discriminatedUnion('type', [
  z.object({ type: z.literal('progress'), done: z.number().int().nonnegative(), total: z.number().int().nonnegative(), name: z.string() }),
  z.object({ type: z.literal('done'), images: z.number().int().nonnegative(), bad: z.array(badEntrySchema) }),
  z.object({ type: z.literal('failed'), key: messageKeySchema, values: z.record(z.string(), z.union([z.string(), z.number()])) }),
]);
export type BulkUploadEvent = z.output<typeof bulkUploadEventSchema>;

export const bulkUploadStartedSchema = z.object({ uploadId: z.string(), events: z.string(), entries: z.number().int().nonnegative() });

export const bulkUploadCompleteSchema = z.object({ uploadId: idSchema });

/** One image put on a page by a completed bulk upload. */
export const placedImageSchema = z.object({ name: z.string(), pageId: z.string(), position: z.string(), imageUrl: z.string() });
