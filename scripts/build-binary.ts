/**
 * `npm run build:binary`: dist/swipegrid, one file for linux-x64 that needs no Node or npm. Node's
 * single executable application: this Node binary with a blob injected (postject), whose main
 * script is api/binary/launcher.ts and whose assets are the runtime tree packed by
 * api/binary/runtime-archive.ts. Choices and measures: docs/decisions.md, "One binary".
 */
import { spawnSync } from 'node:child_process';
import { createHash } from 'node:crypto';
import { chmodSync, copyFileSync, readdirSync, readFileSync, rmSync, statSync, writeFileSync } from 'node:fs';
import { dirname, join, relative } from 'node:path';
import { fileURLToPath } from 'node:url';
import { build, type Plugin } from 'esbuild';
import { packRuntime } from '../api/binary/runtime-archive.ts';
import { ensureBuilt } from './build-template.ts';

const ROOT = fileURLToPath(new URL('..', import.meta.url));
const OUT = join(ROOT, 'dist');
const WORK = join(OUT, 'binary-build');
/**
 * Code the server starts from its own file by URL: the event writer's thread, and the billing run's
 * child process (started as `process.execPath file …`, which the launcher recognises). Each is
 * bundled on its own beside the main bundle.
 */
const WORKERS = ['api/event-writer.worker.ts', 'api/billing/billing-run.child.ts'];
/**
 * Packages kept whole on disk rather than bundled: better-sqlite3 and sharp load their .node files
 * (and libvips) by path; pdfkit reads its font metrics from `__dirname`. Their dependencies follow.
 */
const NATIVE_PACKAGES = ['better-sqlite3', 'sharp', 'pdfkit'];
/** What of node_modules the native packages need at run time, and nothing of their sources, headers or other platforms. */
const RUNTIME_PACKAGES: Record<string, (path: string) => boolean> = {
  'better-sqlite3': (path) => path === 'package.json' || path.startsWith('lib/') || path === 'prebuilds/linux-x64.node',
  sharp: (path) => path === 'package.json' || (path.startsWith('dist/') && !path.includes('.d.')),
  '@img/colour': (path) => !path.endsWith('.md') && !path.endsWith('.d.ts'),
  'detect-libc': (path) => !path.endsWith('.md') && !path.endsWith('.d.ts'),
  semver: (path) => !path.endsWith('.md') && !path.startsWith('bin/'),
  '@img/sharp-linux-x64': () => true,
  '@img/sharp-libvips-linux-x64': (path) => !path.endsWith('.md'),
  // The invoice PDF's Japanese font (api/billing/invoice-pdf.ts resolves it by name).
  '@expo-google-fonts/noto-sans-jp': (path) => path === 'package.json' || path === '400Regular/NotoSansJP_400Regular.ttf',
  // The API reference's viewer script (api/docs/viewer-script.ts finds it beside the package's entry).
  '@scalar/api-reference': (path) => path === 'package.json' || path === 'dist/index.js' || path === 'dist/browser/standalone.js',
};

type RuntimeFile = { path: string; body: Uint8Array; mode: number };

function filesUnder(folder: string): string[] {
  return readdirSync(folder, { recursive: true, withFileTypes: true })
    .filter((entry) => entry.isFile())
    .map((entry) => join(entry.parentPath, entry.name));
}

/**
 * Every module's import.meta.url becomes its place in the unpacked tree, which mirrors the
 * repository: `new URL('./migrations', import.meta.url)` in api/db/open-database.ts still finds
 * api/db/migrations, the admin's dist/admin and the viewer's site-template/dist likewise. A
 * worker's `.ts` file is named by its bundled `.mjs`.
 */
function repositoryUrls(bundlePath: string): Plugin {
  return {
    name: 'repository-urls',
    setup(builder) {
      builder.onLoad({ filter: /\/(api|publisher|storage|model)\/.*\.ts$/ }, (args) => {
        const path = relative(ROOT, args.path);
        const fromBundle = relative(dirname(bundlePath), path);
        let contents = readFileSync(args.path, 'utf8').replaceAll('import.meta.url', `new URL(${JSON.stringify(fromBundle)}, import.meta.url).href`);
        contents = contents.replace(/(['"])(\.\/[\w.-]+)\.worker\.ts\1/g, (_match, quote: string, name: string) => {
          if (!WORKERS.includes(join(dirname(path), `${name}.worker.ts`))) throw new Error(`${path} starts a worker that scripts/build-binary.ts does not bundle: ${name}`);
          return `${quote}${name}.worker.mjs${quote}`;
        });
        return { contents, loader: 'ts' };
      });
    },
  };
}

/** ESM bundles still hold CommonJS packages that call require() for built-ins: give them one. */
const REQUIRE_BANNER = "import { createRequire as __swipegridRequire } from 'node:module'; const require = __swipegridRequire(import.meta.url);";

async function bundle(entry: string, outfile: string, options: { plugins?: Plugin[]; external?: string[] } = {}): Promise<void> {
  await build({
    entryPoints: [entry],
    outfile,
    bundle: true,
    platform: 'node',
    format: 'esm',
    target: 'node24',
    minify: true,
    legalComments: 'none',
    logLevel: 'warning',
    banner: { js: REQUIRE_BANNER },
    external: options.external ?? [],
    plugins: options.plugins ?? [],
  });
}

/** pdfkit and every package it depends on, found as Node finds them (nested first, then the top level). */
function dependencyClosure(root: string): string[] {
  const found = new Set<string>();
  const visit = (name: string, from: string) => {
    const nested = join(from, 'node_modules', name);
    const folder = statSync(nested, { throwIfNoEntry: false }) ? nested : join(ROOT, 'node_modules', name);
    const path = relative(join(ROOT, 'node_modules'), folder);
    if (found.has(path)) return;
    found.add(path);
    const { dependencies = {} } = JSON.parse(readFileSync(join(folder, 'package.json'), 'utf8'));
    for (const dependency of Object.keys(dependencies)) visit(dependency, folder);
  };
  visit(root, ROOT);
  return [...found];
}

const notDocs = (path: string) => !/\.(md|map|d\.ts|d\.mts|d\.cts)$/.test(path) && !path.includes('/node_modules/');

function runtimeFiles(stage: string): RuntimeFile[] {
  const files: RuntimeFile[] = [];
  const add = (path: string, source: string) => files.push({ path, body: readFileSync(source), mode: statSync(source).mode & 0o777 });
  for (const file of filesUnder(stage)) add(relative(stage, file), file);
  for (const folder of ['dist/admin', 'site-template/dist/client', 'api/db/migrations', 'api/db/pg/migrations']) {
    for (const file of filesUnder(join(ROOT, folder))) add(relative(ROOT, file), file);
  }
  add('site-template/dist/.build-hash', join(ROOT, 'site-template/dist/.build-hash'));
  const { name, version } = JSON.parse(readFileSync(join(ROOT, 'package.json'), 'utf8'));
  files.push({ path: 'package.json', body: Buffer.from(JSON.stringify({ name, version, type: 'module', private: true })), mode: 0o644 });
  const packages: Record<string, (path: string) => boolean> = { ...RUNTIME_PACKAGES, ...Object.fromEntries(dependencyClosure('pdfkit').map((pkg) => [pkg, notDocs])) };
  for (const [pkg, wanted] of Object.entries(packages)) {
    const folder = join(ROOT, 'node_modules', pkg);
    for (const file of filesUnder(folder)) {
      const path = relative(folder, file);
      if (wanted(path)) add(join('node_modules', pkg, path), file);
    }
  }
  return files.sort((a, b) => a.path.localeCompare(b.path));
}

export async function buildBinary(log: (line: string) => void = console.log): Promise<string> {
  if (process.platform !== 'linux' || process.arch !== 'x64') throw new Error('The binary is built for linux-x64, on linux-x64.');
  const started = performance.now();
  await ensureBuilt({ log });
  rmSync(WORK, { recursive: true, force: true });
  const stage = join(WORK, 'stage');
  await bundle(join(ROOT, 'api/cli.ts'), join(stage, 'swipegrid.mjs'), { plugins: [repositoryUrls('swipegrid.mjs')], external: NATIVE_PACKAGES });
  for (const worker of WORKERS) {
    const bundled = worker.replace(/\.ts$/, '.mjs');
    await bundle(join(ROOT, worker), join(stage, bundled), { plugins: [repositoryUrls(bundled)], external: NATIVE_PACKAGES });
  }
  // The viewer's server entry imports preact, zod and the rest from node_modules: bundled into one file in its place.
  await bundle(join(ROOT, 'site-template/dist/server/entry.mjs'), join(stage, 'site-template/dist/server/entry.mjs'));
  const packed = packRuntime(runtimeFiles(stage));
  const id = createHash('sha256').update(packed).digest('hex').slice(0, 32);
  writeFileSync(join(WORK, 'runtime.zst'), packed);
  writeFileSync(join(WORK, 'runtime.id'), id);
  await build({ entryPoints: [join(ROOT, 'api/binary/launcher.ts')], outfile: join(WORK, 'launcher.cjs'), bundle: true, platform: 'node', format: 'cjs', target: 'node24', logLevel: 'warning' });
  const seaConfig = {
    main: join(WORK, 'launcher.cjs'),
    output: join(WORK, 'sea-prep.blob'),
    disableExperimentalSEAWarning: true,
    useCodeCache: true,
    assets: { 'runtime.zst': join(WORK, 'runtime.zst'), 'runtime.id': join(WORK, 'runtime.id') },
  };
  writeFileSync(join(WORK, 'sea-config.json'), JSON.stringify(seaConfig, null, 2));
  const blob = spawnSync(process.execPath, ['--experimental-sea-config', join(WORK, 'sea-config.json')], { encoding: 'utf8' });
  if (blob.status !== 0) throw new Error(`node --experimental-sea-config failed: ${blob.stderr}`);
  const binary = join(OUT, 'swipegrid');
  // This Node carries debug sections (2.6 MB); a binary for servers does without. Without binutils' strip, Node as it is.
  const strip = spawnSync('strip', ['--strip-debug', '-o', binary, process.execPath], { encoding: 'utf8' });
  if (strip.status !== 0) copyFileSync(process.execPath, binary);
  // postject's command, found as npm scripts find it (node_modules/.bin first on the PATH).
  const inject = spawnSync('postject', [binary, 'NODE_SEA_BLOB', join(WORK, 'sea-prep.blob'), '--sentinel-fuse', 'NODE_SEA_FUSE_fce680ab2cc467b6e072b8b5df1996b2'], {
    encoding: 'utf8',
    env: { ...process.env, PATH: `${join(ROOT, 'node_modules/.bin')}:${process.env.PATH ?? ''}` },
  });
  if (inject.status !== 0) throw new Error(`postject failed: ${inject.stderr}`);
  chmodSync(binary, 0o755);
  // The packed tree and the blob are intermediate files, already inside the binary.
  rmSync(WORK, { recursive: true, force: true });
  const size = statSync(binary).size;
  log(
    `Built ${relative(process.cwd(), binary)}: ${(size / 1e6).toFixed(1)} MB (runtime ${(packed.byteLength / 1e6).toFixed(1)} MB packed, id ${id}) in ${((performance.now() - started) / 1000).toFixed(1)} s`,
  );
  return binary;
}

if (import.meta.main) await buildBinary();
