/**
 * Single binary benchmark (`npm run bench -- binary`): builds dist/swipegrid (or takes
 * SWIPEGRID_BINARY), then measures its size and its starts, each from the spawn to the admin's
 * first HTTP 200: the very first start in an empty folder (runtime unpacked, database made, demo
 * site published), a start with the data kept but the runtime cache removed, and later starts
 * (median of 5). Beside them, a later start of the same data from the clone (`node api/cli.ts`,
 * what `npm start` runs once the viewer is built). Goals (issue 16): size ≤ 150 MB, later start
 * under 1 s. It prints figures and never asserts a time; they also go to bench/results/binary.json.
 */
import { spawn } from 'node:child_process';
import { copyFile, mkdtemp, rm, stat, writeFile } from 'node:fs/promises';
import os from 'node:os';
import { join } from 'node:path';
import { fileURLToPath } from 'node:url';
import { buildBinary } from '../scripts/build-binary.ts';

const RESULTS_FILE = fileURLToPath(new URL('./results/binary.json', import.meta.url));
const ROOT = fileURLToPath(new URL('..', import.meta.url));
const LATER_STARTS = 5;

function line(label: string, value: string): void {
  console.log(`  ${label.padEnd(60)} ${value}`);
}

/** Spawns a server, waits for its admin address, then for a 200 from it; answers the milliseconds since the spawn, and stops it. */
async function timeToFirst200(command: string, args: string[], cwd: string, env: NodeJS.ProcessEnv): Promise<number> {
  const started = performance.now();
  const child = spawn(command, args, { cwd, env, stdio: ['ignore', 'pipe', 'pipe'] });
  const ended = new Promise<void>((resolve) => child.once('exit', () => resolve()));
  try {
    const adminUrl = await new Promise<string>((resolve, reject) => {
      let out = '';
      child.stdout.on('data', (chunk) => {
        out += String(chunk);
        const url = /Swipegrid admin:\s+(\S+)\/\n/.exec(out)?.[1];
        if (url) resolve(url);
      });
      child.stderr.on('data', (chunk) => (out += String(chunk)));
      child.once('exit', (code) => reject(new Error(`ended (${code}) before listening: ${out}`)));
    });
    for (;;) {
      const response = await fetch(`${adminUrl}/`).catch(() => null);
      if (response?.status === 200) return performance.now() - started;
      await new Promise((resolve) => setTimeout(resolve, 10));
    }
  } finally {
    child.kill('SIGTERM');
    await ended;
  }
}

const median = (values: number[]) => [...values].sort((a, b) => a - b)[Math.floor(values.length / 2)]!;
const ms = (value: number) => `${value.toFixed(0)} ms`;

async function main() {
  let buildSeconds: number | null = null;
  let binary = process.env.SWIPEGRID_BINARY;
  if (!binary) {
    const started = performance.now();
    binary = await buildBinary(() => {});
    buildSeconds = (performance.now() - started) / 1000;
  }
  const size = (await stat(binary)).size;
  const dir = await mkdtemp(join(os.tmpdir(), 'swipegrid-bench-binary-'));
  try {
    await copyFile(binary, join(dir, 'swipegrid'));
    const env = { PATH: '/nonexistent', HOME: dir, PORT: '0' };
    const run = () => timeToFirst200(join(dir, 'swipegrid'), [], dir, env);
    const first = await run();
    await rm(join(dir, 'data/.runtime'), { recursive: true });
    const coldCache = await run();
    const later: number[] = [];
    for (let i = 0; i < LATER_STARTS; i++) later.push(await run());
    const clone: number[] = [];
    for (let i = 0; i < 3; i++) clone.push(await timeToFirst200(process.execPath, ['api/cli.ts', 'serve'], ROOT, { ...process.env, DATA_DIR: join(dir, 'data'), PORT: '0' }));

    console.log('\n── dist/swipegrid');
    if (buildSeconds !== null) line('build (npm run build:binary, viewer already built)', `${buildSeconds.toFixed(1)} s`);
    line('file size (goal ≤ 150 MB)', `${(size / 1e6).toFixed(1)} MB`);
    line('first start, empty folder (unpack, database, demo)', ms(first));
    line('start with the data kept, runtime cache cold', ms(coldCache));
    line(`later starts, median of ${LATER_STARTS} (goal < 1 s)`, `${ms(median(later))}  (${later.map(ms).join(', ')})`);
    line('later start from the clone (node api/cli.ts), median of 3', ms(median(clone)));
    await writeFile(
      RESULTS_FILE,
      `${JSON.stringify(
        {
          buildSeconds: buildSeconds === null ? null : Number(buildSeconds.toFixed(1)),
          sizeBytes: size,
          firstStartMs: Math.round(first),
          coldCacheStartMs: Math.round(coldCache),
          laterStartsMs: later.map(Math.round),
          laterStartMedianMs: Math.round(median(later)),
          cloneLaterStartMedianMs: Math.round(median(clone)),
          loadAverage: os.loadavg().map((value) => Number(value.toFixed(2))),
        },
        null,
        2,
      )}\n`,
    );
  } finally {
    await rm(dir, { recursive: true, force: true });
  }
}

await main();
