import { execFileSync } from 'node:child_process';
import { readFileSync, writeFileSync } from 'node:fs';

/**
 * The registry this project installs from lacks some platform builds of optional packages
 * (e.g. @astrojs/compiler-binding-darwin-arm64@0.5.1), so npm leaves them out of
 * package-lock.json and `npm ci` then refuses the lock as incomplete. This adds the missing
 * optional entries with their platform fields, taken from the nearest published version, so
 * npm ci skips them on other platforms exactly as it would with a complete registry.
 * Run after changing dependencies: `node scripts/complete-lock.ts`.
 */
type Entry = { version?: string; optional?: boolean; optionalDependencies?: Record<string, string>; os?: string[]; cpu?: string[]; libc?: string[]; license?: string };
const lock = JSON.parse(readFileSync('package-lock.json', 'utf8')) as { packages: Record<string, Entry> };
let added = 0;
for (const [path, entry] of Object.entries(lock.packages)) {
  for (const [name, version] of Object.entries(entry.optionalDependencies ?? {})) {
    const key = `${path ? `${path}/` : ''}node_modules/${name}`;
    if (lock.packages[key] || lock.packages[`node_modules/${name}`]) continue;
    const view = (field: string): string | undefined => {
      try {
        return execFileSync('npm', ['view', `${name}@${version}`, field, '--json'], { encoding: 'utf8', stdio: ['ignore', 'pipe', 'ignore'] }).trim() || undefined;
      } catch {
        return undefined;
      }
    };
    const versions = JSON.parse(execFileSync('npm', ['view', name, 'versions', '--json'], { encoding: 'utf8', stdio: ['ignore', 'pipe', 'ignore'] })) as string[] | string;
    const latest = Array.isArray(versions) ? versions.at(-1)! : versions;
    const platform = (field: string) => {
      const own = view(field) ?? execFileSync('npm', ['view', `${name}@${latest}`, field, '--json'], { encoding: 'utf8', stdio: ['ignore', 'pipe', 'ignore'] }).trim();
      return own ? (JSON.parse(own) as string[] | string) : undefined;
    };
    const toList = (value: string[] | string | undefined) => (value === undefined ? undefined : Array.isArray(value) ? value : [value]);
    const next: Entry = { version, optional: true, license: 'MIT' };
    const os = toList(platform('os'));
    const cpu = toList(platform('cpu'));
    const libc = toList(platform('libc'));
    if (os) next.os = os;
    if (cpu) next.cpu = cpu;
    if (libc) next.libc = libc;
    lock.packages[`node_modules/${name}`] = next;
    added++;
    console.log(`added ${name}@${version} (${[os, cpu, libc].filter(Boolean).join(' ')})`);
  }
}
const sorted = Object.fromEntries(Object.entries(lock.packages).sort(([a], [b]) => (a === '' ? -1 : b === '' ? 1 : a.localeCompare(b))));
writeFileSync('package-lock.json', `${JSON.stringify({ ...lock, packages: sorted }, null, 2)}\n`);
console.log(`${added} missing optional entries added`);
