import { randomBytes } from 'node:crypto';
import { existsSync, renameSync, rmSync, writeFileSync } from 'node:fs';
import { createRequire, enableCompileCache } from 'node:module';
import { join, resolve } from 'node:path';
import { getAsset } from 'node:sea';
import { unpackRuntime } from './runtime-archive.ts';

/**
 * The single binary's main script (Node's single executable application runs it as CommonJS). It
 * unpacks the runtime tree carried as an asset into a folder named by the tree's hash, once:
 * under SWIPEGRID_CACHE_DIR, or else `.runtime/` in the data folder, which the service can always
 * write. There the bundle, the viewer, the admin, the migrations and the native modules
 * (better-sqlite3, sharp and libvips) are ordinary files, so the code runs exactly as from a
 * clone: native modules load by their own require, the event writer's thread from its file.
 * Why this and not reading every file through sea.getAsset: docs/decisions.md, "One binary".
 */
function loadDotEnv(): void {
  // `npm start` reads ./.env when there is one (--env-file-if-exists); the binary does the same. Set variables win.
  if (existsSync('.env')) process.loadEnvFile('.env');
}

function runtimeFolder(): string {
  const id = getAsset('runtime.id', 'utf8').trim();
  const root = process.env.SWIPEGRID_CACHE_DIR ? resolve(process.env.SWIPEGRID_CACHE_DIR) : join(resolve(process.env.DATA_DIR || './data'), '.runtime');
  const folder = join(root, id);
  if (existsSync(join(folder, 'boot.cjs'))) return folder;
  // Unpacked beside its place and renamed: a start killed halfway leaves no half tree, two starts at once end with one.
  const temp = `${folder}.~tmp-${randomBytes(6).toString('hex')}`;
  try {
    const files = unpackRuntime(new Uint8Array(getAsset('runtime.zst')), temp);
    writeFileSync(
      join(temp, 'boot.cjs'),
      "const { pathToFileURL } = require('node:url');\nexports.cli = (argv) => import('./swipegrid.mjs').then((app) => app.main(argv));\nexports.script = (file) => import(pathToFileURL(file).href);\n",
    );
    try {
      renameSync(temp, folder);
    } catch (error) {
      if (!existsSync(join(folder, 'boot.cjs'))) throw error;
    }
    if (process.env.SWIPEGRID_DEBUG) console.error(`Unpacked ${files} runtime files into ${folder}`);
  } finally {
    rmSync(temp, { recursive: true, force: true });
  }
  return folder;
}

loadDotEnv();
const folder = runtimeFolder();
// Later starts read compiled code from here instead of parsing the bundle again.
enableCompileCache(join(folder, '.compile-cache'));
// The main script's own require knows only built-ins; one made for the unpacked folder loads its files.
const boot: { cli(argv: string[]): Promise<void>; script(file: string): Promise<unknown> } = createRequire(join(folder, 'boot.cjs'))('./boot.cjs');
// The server starts a child as `process.execPath file …` (the billing run); here that is this binary, given a script of the unpacked tree.
const script = process.argv[2] ?? '';
const isChild = script.startsWith(`${folder}/`) && script.endsWith('.child.mjs');
if (isChild) process.argv.splice(1, 1);
(isChild ? boot.script(script) : boot.cli(process.argv.slice(2))).catch((error: unknown) => {
  console.error(error instanceof Error ? error.message : error);
  process.exit(1);
});
