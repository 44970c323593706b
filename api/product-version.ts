import { readFileSync } from 'node:fs';
import { z } from 'zod';

/** The version in package.json: the API document and `swipegrid version` show it (the binary carries package.json beside its bundle). */
export const PRODUCT_VERSION = z.object({ version: z.string() }).parse(JSON.parse(readFileSync(new URL('../package.json', import.meta.url), 'utf8'))).version;
