import { readFileSync } from 'node:fs';
import { createRequire } from 'node:module';
import { dirname, join } from 'node:path';
import type { Page } from 'playwright-core';

// axe-core's own build, read once and injected as an inline script. The console's and the viewer's
// CSP rightly refuse inline scripts, so a context that runs axe is opened with `bypassCSP: true`.
const require = createRequire(import.meta.url);
const AXE_SOURCE = readFileSync(join(dirname(require.resolve('axe-core')), 'axe.min.js'), 'utf8');

/** The WCAG 2.0, 2.1 and 2.2 A and AA rules: the standard docs/decisions.md says the product holds. */
export const WCAG_AA_TAGS = ['wcag2a', 'wcag2aa', 'wcag21a', 'wcag21aa', 'wcag22aa'] as const;

/** One failed rule with the elements that fail it, as axe reports them. */
export type AxeViolation = { id: string; impact: string; help: string; nodes: { target: string; summary: string }[] };

/**
 * Runs axe-core on the page as it is now and returns its serious and critical violations, each
 * with the CSS paths of the failing elements and axe's explanation, so a failed expectation says
 * exactly what to fix. `exclude` leaves out parts the product does not own (an owner's HTML).
 */
export async function axeViolations(page: Page, options: { exclude?: string[] } = {}): Promise<AxeViolation[]> {
  if (!(await page.evaluate(() => 'axe' in window))) await page.addScriptTag({ content: AXE_SOURCE });
  return page.evaluate(
    async ({ tags, exclude }) => {
      type Result = { id: string; impact: string | null; help: string; nodes: { target: unknown[]; failureSummary?: string }[] };
      const axe = (window as unknown as { axe: { run(context: unknown, options: unknown): Promise<{ violations: Result[] }> } }).axe;
      const context = exclude.length > 0 ? { include: [document], exclude: exclude.map((selector) => [selector]) } : document;
      const { violations } = await axe.run(context, { runOnly: { type: 'tag', values: tags }, resultTypes: ['violations'] });
      return violations
        .filter((violation) => violation.impact === 'serious' || violation.impact === 'critical')
        .map((violation) => ({
          id: violation.id,
          impact: violation.impact ?? '',
          help: violation.help,
          nodes: violation.nodes.map((node) => ({ target: node.target.map(String).join(' '), summary: (node.failureSummary ?? '').replace(/\s+/g, ' ').trim() })),
        }));
    },
    { tags: [...WCAG_AA_TAGS], exclude: options.exclude ?? [] },
  );
}

/** A readable list of violations, one line per failing element, for an expectation's message. */
export function describeViolations(where: string, violations: AxeViolation[]): string {
  return violations.flatMap((violation) => violation.nodes.map((node) => `${where}: [${violation.impact}] ${violation.id} (${violation.help}) at ${node.target} — ${node.summary}`)).join('\n');
}
