/** A URL path decoded, or null when its percent-encoding is malformed: such a path names no file (a 404, never a 500). */
export function safeDecode(path: string): string | null {
  try {
    return decodeURIComponent(path);
  } catch {
    return null;
  }
}
