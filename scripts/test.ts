import { spawnSync } from 'node:child_process';
import { mkdirSync, readFileSync } from 'node:fs';
import { ensureBuilt } from './build-template.ts';

/**
 * Every test, in the order that fails fastest: lint and format (Biome: rules, import directions and
 * cycles; knip: unused exports, files and dependencies), types (tests included), the built viewer,
 * unit and integration tests, the same on PostgreSQL, then the browser tests. Ends with one "N passed, N failed" line.
 */
const bin = (name: string) => `node_modules/.bin/${name}`;
type Totals = { passed: number; failed: number; skipped: number };

function run(label: string, command: string, args: string[]): boolean {
  console.log(`\n▶ ${label}`);
  const result = spawnSync(command, args, { stdio: 'inherit', env: { ...process.env, FORCE_COLOR: process.env.CI ? '0' : process.env.FORCE_COLOR } });
  return result.status === 0;
}

function vitest(label: string, config: string, report: string): { ok: boolean; totals: Totals } {
  const ok = run(label, bin('vitest'), ['run', '--config', config, '--reporter=default', '--reporter=json', `--outputFile.json=${report}`]);
  try {
    const json = JSON.parse(readFileSync(report, 'utf8')) as { numPassedTests: number; numFailedTests: number; numPendingTests: number; numTodoTests: number };
    return { ok, totals: { passed: json.numPassedTests, failed: json.numFailedTests, skipped: json.numPendingTests + json.numTodoTests } };
  } catch {
    return { ok, totals: { passed: 0, failed: 1, skipped: 0 } };
  }
}

mkdirSync('test-results', { recursive: true });
// Every step runs even after a failure, so one run reports all that is wrong.
const linted = run('lint and format check (biome check)', bin('biome'), ['check']);
const unused = run('unused exports, files and dependencies (knip)', bin('knip'), ['--no-progress']);
let ok = linted && unused;
ok = run('type check (tsc --noEmit)', bin('tsc'), ['--noEmit', '-p', '.']) && ok;
console.log('\n▶ build the viewer and the admin when stale');
await ensureBuilt();
const unit = vitest('unit and integration tests', 'vitest.config.ts', 'test-results/unit.json');
const postgres = vitest('the same tests on PostgreSQL (Debian server, one database per test)', 'vitest.postgres.config.ts', 'test-results/postgres.json');
const browser = vitest('browser tests (Chromium)', 'vitest.e2e.config.ts', 'test-results/e2e.json');
const suites = [unit, postgres, browser];
ok = ok && suites.every((suite) => suite.ok);
const passed = suites.reduce((sum, suite) => sum + suite.totals.passed, 0);
// A failure outside any test (types, a crashed runner) still counts as one failure.
const failedTests = suites.reduce((sum, suite) => sum + suite.totals.failed, 0);
const failed = !ok && failedTests === 0 ? 1 : failedTests;
const skipped = suites.reduce((sum, suite) => sum + suite.totals.skipped, 0);
console.log(`\ntests: ${passed} passed, ${failed} failed${skipped ? `, ${skipped} skipped` : ''}`);
process.exit(ok ? 0 : 1);
