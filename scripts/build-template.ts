import { createHash } from 'node:crypto';
import { readdir, readFile, writeFile, mkdir } from 'node:fs/promises';
import { join, relative } from 'node:path';
import { fileURLToPath } from 'node:url';

const ROOT = fileURLToPath(new URL('..', import.meta.url));

/** Each Astro build and the files whose change makes it stale. */
const BUILDS = [
  {
    name: 'site template',
    root: join(ROOT, 'site-template'),
    stamp: join(ROOT, 'site-template/dist/.build-hash'),
    inputs: ['site-template/src', 'site-template/adapter', 'site-template/astro.config.mjs', 'model', 'package-lock.json'],
  },
  { name: 'admin', root: ROOT, stamp: join(ROOT, 'dist/admin/.build-hash'), inputs: ['admin', 'astro.config.mjs', 'model', 'package-lock.json'] },
] as const;

async function filesUnder(path: string): Promise<string[]> {
  const entries = await readdir(path, { withFileTypes: true }).catch(() => null);
  if (!entries) return [path];
  const nested = await Promise.all(
    entries
      .filter((entry) => entry.name !== 'node_modules' && entry.name !== 'dist' && !entry.name.endsWith('.test.ts'))
      .map((entry) => (entry.isDirectory() ? filesUnder(join(path, entry.name)) : [join(path, entry.name)])),
  );
  return nested.flat();
}

/** A hash of every input of a build, so a start rebuilds only when something changed. */
async function inputsHash(inputs: readonly string[]): Promise<string> {
  const hash = createHash('sha256');
  for (const input of inputs) {
    for (const file of (await filesUnder(join(ROOT, input))).sort()) {
      hash.update(relative(ROOT, file));
      hash.update(await readFile(file).catch(() => Buffer.alloc(0)));
    }
  }
  return hash.digest('hex');
}

/**
 * Builds the site template (and the admin shell) when missing or stale. Only this script
 * loads Astro and Vite; publishing and serving never do.
 */
export async function ensureBuilt(options: { force?: boolean; log?: (line: string) => void } = {}): Promise<void> {
  const log = options.log ?? console.log;
  process.env.ASTRO_TELEMETRY_DISABLED = '1';
  for (const build of BUILDS) {
    const hash = await inputsHash(build.inputs);
    const current = await readFile(build.stamp, 'utf8').catch(() => '');
    if (!options.force && current.trim() === hash) continue;
    log(`Building the ${build.name}…`);
    const started = performance.now();
    const astro = await import('astro');
    await astro.build({ root: build.root, logLevel: 'warn' });
    await mkdir(join(build.stamp, '..'), { recursive: true });
    await writeFile(build.stamp, hash);
    log(`Built the ${build.name} in ${((performance.now() - started) / 1000).toFixed(1)} s.`);
  }
}

if (import.meta.main) {
  await ensureBuilt({ force: process.argv.includes('--force') });
}
