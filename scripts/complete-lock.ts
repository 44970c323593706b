import { execFileSync } from 'node:child_process';
import { readFileSync, writeFileSync } from 'node:fs';

/**
 * The registry this project installs from lacks some platform builds of optional packages
 * (e.g. @astrojs/compiler-binding-darwin-arm64@0.5.1), so npm leaves them out of
 * package-lock.json and `npm ci` then refuses the lock as incomplete. This adds the missing
 * optional entries with their platform fields, taken from the nearest published version, so
 * npm ci skips them on other platforms exactly as it would with a complete registry. A package the
 * registry lacks altogether (Biome's and oxc-parser's other-platform builds) gets them from its name.
 * Run after changing dependencies: `node scripts/complete-lock.ts`.
 */
type Entry = { version?: string; optional?: boolean; optionalDependencies?: Record<string, string>; os?: string[]; cpu?: string[]; libc?: string[]; license?: string };
const lock = JSON.parse(readFileSync('package-lock.json', 'utf8')) as { packages: Record<string, Entry> };
let added = 0;

/** Every published version of `name`, or undefined when the registry has no such package. */
function publishedVersions(name: string): string[] | undefined {
  try {
    const versions = JSON.parse(execFileSync('npm', ['view', name, 'versions', '--json'], { encoding: 'utf8', stdio: ['ignore', 'pipe', 'ignore'] })) as string[] | string;
    return Array.isArray(versions) ? versions : [versions];
  } catch {
    return undefined;
  }
}

/**
 * The platform fields of a native build named in the usual `<os>-<cpu>[-<abi>]` way, for packages the
 * registry lacks entirely (e.g. @biomejs/cli-darwin-arm64, @oxc-parser/binding-win32-x64-msvc).
 */
function platformFromName(name: string): { os: string[]; cpu: string[]; libc?: string[] } | undefined {
  const match = /(?:^|[-/])(android|darwin|freebsd|linux|openharmony|win32)-(arm64|arm|ia32|loong64|ppc64|riscv64|s390x|x64)(?:-([a-z]+))?$/.exec(name);
  if (!match) return undefined;
  const [os, cpu, abi] = [match[1]!, match[2]!, match[3]];
  const libc = abi?.startsWith('musl') ? ['musl'] : abi?.startsWith('gnu') ? ['glibc'] : undefined;
  return libc ? { os: [os], cpu: [cpu], libc } : { os: [os], cpu: [cpu] };
}
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
    const versions = publishedVersions(name);
    const latest = versions?.at(-1);
    const fromName = platformFromName(name);
    const platform = (field: 'os' | 'cpu' | 'libc') => {
      // A package the registry lacks altogether: its name says its platform.
      if (latest === undefined) return fromName?.[field];
      const own = view(field) ?? execFileSync('npm', ['view', `${name}@${latest}`, field, '--json'], { encoding: 'utf8', stdio: ['ignore', 'pipe', 'ignore'] }).trim();
      return own ? (JSON.parse(own) as string[] | string) : undefined;
    };
    if (latest === undefined && !fromName) throw new Error(`${name} is not in the registry and its name names no platform`);
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
