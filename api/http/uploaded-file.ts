import type { Context } from 'hono';
import { AppError } from './errors.ts';

/**
 * The file an upload contract's multipart body carries in `field`; a body that is not
 * multipart, or has no file there, is refused naming the field to use.
 */
export async function uploadedFile(c: Context, field: string): Promise<File> {
  const form = await c.req.formData().catch(() => null);
  const file = form?.get(field);
  if (!(file instanceof File)) throw new AppError('bad_request', 'sendFileField');
  return file;
}
