import { mkdir, mkdtemp, rm, writeFile } from 'node:fs/promises';
import os from 'node:os';
import path from 'node:path';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { testsReaching } from './tests-reaching.ts';

let root: string;

async function file(name: string, source: string): Promise<void> {
  await mkdir(path.dirname(path.join(root, name)), { recursive: true });
  await writeFile(path.join(root, name), source);
}

beforeAll(async () => {
  root = await mkdtemp(path.join(os.tmpdir(), 'tests-reaching-'));
  await file('db/test-database.ts', 'export const target = 1;\n');
  await file('support/context.ts', "import { target } from '../db/test-database.ts';\nexport const context = target;\n");
  // A cycle that never reaches the target, and one that does through its far side.
  await file('lib/a.ts', "import { b } from './b.ts';\nexport const a = b;\n");
  await file('lib/b.ts', "import { a } from './a.ts';\nexport const b = () => a;\n");
  await file('lib/c.ts', "export { d } from './d.ts';\n");
  await file('lib/d.ts', "import './c.ts';\nimport { context } from '../support/context.ts';\nexport const d = context;\n");
  await file('pure.test.ts', "import { a } from './lib/a.ts';\nimport { z } from 'zod';\n");
  await file('direct.test.ts', "import { target } from './db/test-database.ts';\n");
  await file('through-helper.test.ts', "import { context } from './support/context.ts';\n");
  await file('through-cycle.test.ts', "import { d } from './lib/c.ts';\n");
  await file('dynamic.test.ts', "const module = await import('./support/context.ts');\n");
  await file('dist/built.test.ts', "import { target } from '../db/test-database.ts';\n");
});

afterAll(async () => {
  await rm(root, { recursive: true, force: true });
});

describe('the test files whose imports reach a module', () => {
  it('follows static, re-exported, side-effect and dynamic imports through helpers and cycles, and leaves out the rest', () => {
    expect(testsReaching(root, ['**/*.test.ts'], ['**/dist/**'], 'db/test-database.ts')).toEqual(['direct.test.ts', 'dynamic.test.ts', 'through-cycle.test.ts', 'through-helper.test.ts']);
  });

  it('finds none when nothing imports the module', () => {
    expect(testsReaching(root, ['**/*.test.ts'], [], 'lib/unused.ts')).toEqual([]);
  });
});
