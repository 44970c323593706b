/**
 * `npm run bench`: every bench/*.bench.ts in turn, each in its own process so one's memory and
 * warm caches do not colour the next. `npm run bench -- viewer identity` runs only those; options
 * after the names (`npm run bench -- analytics --events 1000000`) are passed to each bench.
 */
import { spawnSync } from 'node:child_process';
import { readdirSync } from 'node:fs';
import { fileURLToPath } from 'node:url';

const dir = fileURLToPath(new URL('.', import.meta.url));
const args = process.argv.slice(2);
const firstOption = args.findIndex((arg) => arg.startsWith('--'));
const wanted = firstOption < 0 ? args : args.slice(0, firstOption);
const options = firstOption < 0 ? [] : args.slice(firstOption);
const benches = readdirSync(dir)
  .filter((name) => name.endsWith('.bench.ts'))
  .filter((name) => wanted.length === 0 || wanted.some((word) => name.startsWith(word)))
  .sort();
if (benches.length === 0) {
  console.error(`No benchmark matches ${wanted.join(', ')}.`);
  process.exit(1);
}
let failed = 0;
for (const name of benches) {
  console.log(`\n━━ ${name} ━━`);
  const run = spawnSync(process.execPath, [`${dir}${name}`, ...options], { stdio: 'inherit' });
  if (run.status !== 0) failed++;
}
process.exit(failed === 0 ? 0 : 1);
