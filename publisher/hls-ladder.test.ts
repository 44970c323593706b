import { describe, expect, it } from 'vitest';
import { masterPlaylist, measureBitrates, planLadder, playlistSegments } from './hls-ladder.ts';

describe('planLadder', () => {
  it('gives a 720p or larger source two renditions, 360p and 720p, never its own larger size', () => {
    expect(planLadder(1920, 1080).map((rung) => `${rung.width}x${rung.height}`)).toEqual(['640x360', '1280x720']);
    expect(planLadder(1280, 720).map((rung) => `${rung.width}x${rung.height}`)).toEqual(['640x360', '1280x720']);
  });

  it('measures a portrait video by its shorter side', () => {
    expect(planLadder(1080, 1920).map((rung) => `${rung.width}x${rung.height}`)).toEqual(['360x640', '720x1280']);
  });

  it('adds the source size when it falls under 720p and never upscales', () => {
    expect(planLadder(854, 480).map((rung) => rung.name)).toEqual(['360p', '480p']);
    expect(planLadder(320, 240).map((rung) => `${rung.width}x${rung.height}`)).toEqual(['320x240']);
    expect(planLadder(640, 360).map((rung) => rung.name)).toEqual(['360p']);
    // An odd height rounds down to an even one: H.264 4:2:0 needs even sizes.
    expect(planLadder(481, 361).map((rung) => rung.name)).toEqual(['360p']);
  });
});

describe('playlists', () => {
  it('reads segment durations from EXTINF and declares peak and average bitrates in the master', () => {
    const segments = playlistSegments('#EXTM3U\n#EXT-X-MAP:URI="init.mp4"\n#EXTINF:4.000000,\nseg_000.m4s\n#EXTINF:2.5,\nseg_001.m4s\n#EXT-X-ENDLIST\n');
    expect(segments).toEqual([
      { uri: 'seg_000.m4s', durationS: 4 },
      { uri: 'seg_001.m4s', durationS: 2.5 },
    ]);
    const rates = measureBitrates([
      { durationS: 4, bytes: 500_000 },
      { durationS: 2.5, bytes: 500_000 },
    ]);
    expect(rates).toEqual({ peakBps: 1_600_000, averageBps: Math.ceil((1_000_000 * 8) / 6.5) });
    const [low, high] = planLadder(1280, 720);
    const master = masterPlaylist([
      { rung: high!, uri: '720p/index.m3u8', hasAudio: true, ...rates },
      { rung: low!, uri: '360p/index.m3u8', hasAudio: false, peakBps: 1, averageBps: 1 },
    ]);
    expect(master.split('\n').filter((line) => line && !line.startsWith('#'))).toEqual(['360p/index.m3u8', '720p/index.m3u8']);
    expect(master).toContain('RESOLUTION=1280x720,CODECS="avc1.4d4028,mp4a.40.2"');
    expect(master).toContain('BANDWIDTH=1600000,');
  });
});
