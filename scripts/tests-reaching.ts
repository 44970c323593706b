import { existsSync, globSync, readFileSync } from 'node:fs';
import path from 'node:path';

// Relative specifiers in static imports, re-exports, side-effect imports and dynamic imports with a literal.
const RELATIVE_IMPORT = /(?:\bfrom\s*|\bimport\s*\(\s*|\bimport\s+)['"](\.{1,2}\/[^'"]+)['"]/g;

function resolveSpecifier(fromFile: string, specifier: string): string | undefined {
  const base = path.resolve(path.dirname(fromFile), specifier);
  for (const candidate of [base, `${base}.ts`, `${base}.tsx`, path.join(base, 'index.ts')]) {
    if (/\.(ts|tsx|js|mjs)$/.test(candidate) && existsSync(candidate)) return candidate;
  }
  return undefined;
}

function relativeImports(file: string): string[] {
  const source = readFileSync(file, 'utf8');
  const found: string[] = [];
  for (const match of source.matchAll(RELATIVE_IMPORT)) {
    const resolved = resolveSpecifier(file, match[1]!);
    if (resolved) found.push(resolved);
  }
  return found;
}

/**
 * The test files among `patterns` whose static import graph reaches `target`, as paths relative to
 * `root`. The PostgreSQL pass runs only these: a test that never reaches the test database helper
 * runs the same code on both passes, so running it twice proves nothing more.
 */
export function testsReaching(root: string, patterns: string[], exclude: string[], target: string): string[] {
  const tests = globSync(patterns, { cwd: root, exclude }).map((test) => path.resolve(root, test));
  // Every file the tests import, directly or not, with who imports it.
  const importers = new Map<string, string[]>();
  const seen = new Set<string>(tests);
  const queue = [...tests];
  for (let file = queue.pop(); file !== undefined; file = queue.pop()) {
    for (const imported of relativeImports(file)) {
      const known = importers.get(imported);
      if (known) known.push(file);
      else importers.set(imported, [file]);
      if (!seen.has(imported)) {
        seen.add(imported);
        queue.push(imported);
      }
    }
  }
  // Walking back from the target through importers finds every file that reaches it.
  const reaching = new Set<string>([path.resolve(root, target)]);
  const back = [...reaching];
  for (let file = back.pop(); file !== undefined; file = back.pop()) {
    for (const importer of importers.get(file) ?? []) {
      if (!reaching.has(importer)) {
        reaching.add(importer);
        back.push(importer);
      }
    }
  }
  return tests
    .filter((test) => reaching.has(test))
    .map((test) => path.relative(root, test))
    .sort();
}
