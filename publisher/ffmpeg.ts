import { spawn } from 'node:child_process';
import { killGroup, stoppingChildren, trackChild, untrackChild } from './child-processes.ts';

/** Debian's binaries, installed by .ci/run; overridable for a machine that keeps them elsewhere. */
export const FFMPEG = process.env.FFMPEG_PATH ?? '/usr/bin/ffmpeg';
export const FFPROBE = process.env.FFPROBE_PATH ?? '/usr/bin/ffprobe';

/** A tool ended by the server's own stop, not by its input: no reason to blame the file. */
export class ToolStopped extends Error {}

/** How much of a failing run's stderr an error keeps: ffmpeg says why in its last lines. */
const STDERR_TAIL = 2000;

/**
 * Runs a program with an argument array (never a shell, so no file name is ever parsed as a
 * command) and resolves with its stdout; rejects on a non-zero exit or when `timeoutMs` passes,
 * killing the process so a stuck encode cannot hold a publish forever. The tool leads a process
 * group of its own, recorded while it runs (child-processes.ts): it ends with the server, even
 * one killed with SIGKILL, instead of encoding on as an orphan.
 */
export function runTool(program: string, args: readonly string[], timeoutMs: number): Promise<string> {
  return new Promise((resolve, reject) => {
    const child = spawn(program, args, { stdio: ['ignore', 'pipe', 'pipe'], detached: true });
    const pid = child.pid;
    if (pid !== undefined) trackChild(pid);
    const out: Buffer[] = [];
    let err = '';
    let timedOut = false;
    const timer = setTimeout(() => {
      timedOut = true;
      if (pid !== undefined) killGroup(pid);
    }, timeoutMs);
    child.stdout.on('data', (chunk: Buffer) => out.push(chunk));
    child.stderr.on('data', (chunk: Buffer) => {
      err = (err + chunk.toString('utf8')).slice(-STDERR_TAIL);
    });
    child.on('error', (error) => {
      clearTimeout(timer);
      if (pid !== undefined) untrackChild(pid);
      reject(error);
    });
    child.on('close', (code, signal) => {
      clearTimeout(timer);
      if (pid !== undefined) untrackChild(pid);
      if (timedOut) reject(new Error(`${program} took longer than ${timeoutMs} ms and was stopped.`));
      else if (signal && stoppingChildren()) reject(new ToolStopped(`${program} was stopped with the server.`));
      else if (code !== 0) reject(new Error(`${program} failed (${signal ?? `exit ${code}`}): ${err.trim()}`));
      else resolve(Buffer.concat(out).toString('utf8'));
    });
  });
}

export type VideoProbe = {
  /** Displayed size: after the rotation a phone records as metadata (ffmpeg applies it when decoding). */
  width: number;
  height: number;
  durationS: number;
  hasAudio: boolean;
};

type ProbeOutput = {
  streams?: { codec_type?: string; width?: number; height?: number; tags?: { rotate?: string }; side_data_list?: { rotation?: number }[] }[];
  format?: { duration?: string };
};

/** What ffprobe says of a video file: its displayed size, length and whether it has sound. */
export async function probeVideo(file: string, timeoutMs = 30_000): Promise<VideoProbe> {
  const json = await runTool(FFPROBE, ['-v', 'error', '-print_format', 'json', '-show_streams', '-show_format', file], timeoutMs);
  const parsed = JSON.parse(json) as ProbeOutput;
  const streams = parsed.streams ?? [];
  const video = streams.find((stream) => stream.codec_type === 'video');
  if (!video?.width || !video.height) throw new Error('The file has no video stream.');
  const rotation = Number(video.side_data_list?.find((data) => data.rotation !== undefined)?.rotation ?? video.tags?.rotate ?? 0);
  const quarterTurn = Math.abs(rotation) % 180 === 90;
  return {
    width: quarterTurn ? video.height : video.width,
    height: quarterTurn ? video.width : video.height,
    durationS: Number(parsed.format?.duration ?? 0) || 0,
    hasAudio: streams.some((stream) => stream.codec_type === 'audio'),
  };
}

/**
 * How long a video really plays: its first video stream's packets read to the end (copied, not
 * decoded: about 1.5 s for 10 hours of a 12 MB file), and its container's claim, whichever is
 * longer. A header can say one second of a stream that runs for hours; the packets cannot.
 */
export async function measureVideoSeconds(file: string, timeoutMs: number): Promise<number> {
  const args = ['-hide_banner', '-nostdin', '-v', 'error', '-i', file, '-map', '0:v:0', '-c', 'copy', '-f', 'null', '-', '-progress', 'pipe:1', '-nostats'];
  const progress = await runTool(FFMPEG, args, timeoutMs);
  const streamUs = Math.max(0, ...[...progress.matchAll(/^out_time_us=(\d+)$/gm)].map((match) => Number(match[1])));
  const header = await runTool(FFPROBE, ['-v', 'error', '-show_entries', 'format=duration', '-of', 'csv=p=0', file], timeoutMs);
  return Math.max(streamUs / 1_000_000, Number(header.trim()) || 0);
}
