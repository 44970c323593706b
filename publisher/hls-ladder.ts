/** One rendition of a video: its folder name, frame size and the bitrate ceiling its encoder keeps to. */
export type Rung = { name: string; width: number; height: number; maxKbps: number; audioKbps: number };

/** The ladder's rungs by the frame's shorter side (a phone's portrait video is 720 wide, not 720 high). */
const RUNGS: readonly { side: number; maxKbps: number; audioKbps: number }[] = [
  { side: 360, maxKbps: 900, audioKbps: 96 },
  { side: 720, maxKbps: 2800, audioKbps: 128 },
];

/** H.264 Main profile, level 4.0 (720p at 60 fps fits), with AAC-LC: what every HLS player decodes. */
export const HLS_CODECS = { video: 'avc1.4d4028', audio: 'mp4a.40.2' } as const;

const even = (n: number) => Math.max(2, Math.round(n / 2) * 2);
/** H.264 in 4:2:0 needs even sizes; rounding down never upscales. */
const evenDown = (n: number) => Math.max(2, Math.floor(n / 2) * 2);

/**
 * The renditions to make of a `width`×`height` source: 360p and 720p where the source is at
 * least that large, plus the source's own size when it falls between or below them, so nothing
 * is ever upscaled and a source of 720p or more always gets two renditions.
 *
 * @example planLadder(1920, 1080).map((r) => r.name) // ['360p', '720p']
 * @example planLadder(854, 480).map((r) => r.name)   // ['360p', '480p']
 * @example planLadder(320, 240).map((r) => r.name)   // ['240p']
 */
export function planLadder(width: number, height: number): Rung[] {
  if (!(width > 0 && height > 0)) throw new Error(`invalid video size ${width}×${height}`);
  const short = Math.min(width, height);
  const sides = RUNGS.filter((rung) => rung.side <= short);
  const top = RUNGS.at(-1)!;
  if (short < top.side && !sides.some((rung) => rung.side === evenDown(short))) {
    // The source's own size, with the ceiling of the next rung up (it is smaller, so it stays under it).
    const above = RUNGS.find((rung) => rung.side > short)!;
    sides.push({ side: evenDown(short), maxKbps: above.maxKbps, audioKbps: above.audioKbps });
  }
  return sides.map(({ side, maxKbps, audioKbps }) => {
    const scale = side / short;
    const landscape = width >= height;
    return {
      name: `${side}p`,
      width: landscape ? even(width * scale) : side,
      height: landscape ? side : even(height * scale),
      maxKbps,
      audioKbps,
    };
  });
}

/** A media playlist's segments: each URI with its duration from EXTINF. */
export function playlistSegments(playlist: string): { uri: string; durationS: number }[] {
  const segments: { uri: string; durationS: number }[] = [];
  let duration: number | null = null;
  for (const raw of playlist.split('\n')) {
    const line = raw.trim();
    if (line.startsWith('#EXTINF:')) duration = Number.parseFloat(line.slice('#EXTINF:'.length));
    else if (line && !line.startsWith('#') && duration !== null) {
      segments.push({ uri: line, durationS: duration });
      duration = null;
    }
  }
  return segments;
}

export type Variant = { rung: Rung; uri: string; peakBps: number; averageBps: number; hasAudio: boolean };

/**
 * The bitrates a master playlist must declare for a rendition, from its segments' real sizes:
 * BANDWIDTH is the peak of any segment (RFC 8216 §4.3.4.2), AVERAGE-BANDWIDTH the whole.
 */
export function measureBitrates(segments: readonly { durationS: number; bytes: number }[]): { peakBps: number; averageBps: number } {
  let peak = 0;
  let bytes = 0;
  let seconds = 0;
  for (const segment of segments) {
    if (segment.durationS > 0) peak = Math.max(peak, (segment.bytes * 8) / segment.durationS);
    bytes += segment.bytes;
    seconds += segment.durationS;
  }
  return { peakBps: Math.ceil(peak), averageBps: seconds > 0 ? Math.ceil((bytes * 8) / seconds) : 0 };
}

/** The master playlist, lowest rendition first; URIs are relative so the tree works under any origin or path. */
export function masterPlaylist(variants: readonly Variant[]): string {
  const lines = ['#EXTM3U', '#EXT-X-VERSION:7', '#EXT-X-INDEPENDENT-SEGMENTS'];
  for (const variant of [...variants].sort((a, b) => a.rung.height * a.rung.width - b.rung.height * b.rung.width)) {
    const codecs = variant.hasAudio ? `${HLS_CODECS.video},${HLS_CODECS.audio}` : HLS_CODECS.video;
    lines.push(`#EXT-X-STREAM-INF:BANDWIDTH=${variant.peakBps},AVERAGE-BANDWIDTH=${variant.averageBps},RESOLUTION=${variant.rung.width}x${variant.rung.height},CODECS="${codecs}"`, variant.uri);
  }
  return `${lines.join('\n')}\n`;
}
