import { betaDensity, logBeta, regularizedBeta, regularizedGammaUpper } from './special-functions.ts';
import { CONTROL } from './experiment.ts';

/** One arm's counts over the report's range: distinct visitors assigned to it and those of them who converted. */
export type ArmCounts = { variantId: string; visitors: number; conversions: number };

export type Uplift = {
  /** Ratio of the posterior mean rates, minus 1. */
  estimate: number;
  /** The 95 % equal-tailed credible interval of pB / pA − 1. */
  lower: number;
  upper: number;
};

export type ArmResult = ArmCounts & {
  conversionRate: number;
  /** P(rate of this arm > rate of the control) under Beta(1 + cv, 1 + visitors − cv) posteriors; null for the control. */
  chanceToBeatControl: number | null;
  uplift: Uplift | null;
};

export type SampleRatioCheck = { chiSquare: number; degreesOfFreedom: number; pValue: number; mismatch: boolean };

export type ExperimentResults = { arms: ArmResult[]; sampleRatio: SampleRatioCheck | null };

/** GrowthBook's threshold too: below it the assignment, not the variant, is the likelier explanation of a difference. */
export const SRM_P_THRESHOLD = 0.001;

type Posterior = { a: number; b: number };

const posteriorOf = ({ visitors, conversions }: ArmCounts): Posterior => ({ a: 1 + conversions, b: 1 + visitors - conversions });

/**
 * P(pB > pA) for pA ~ Beta(aA, bA), pB ~ Beta(aB, bB), exactly, for an integer aB (Evan Miller's
 * closed form): Σ_{i<aB} B(aA+i, bA+bB) / ((bB+i) B(1+i, bB) B(aA, bA)). aB − 1 terms, so cheap for any real count.
 */
export function chanceToBeat(control: Posterior, variant: Posterior): number {
  let total = 0;
  for (let i = 0; i < variant.a; i++) {
    total += Math.exp(logBeta(control.a + i, control.b + variant.b) - Math.log(variant.b + i) - logBeta(1 + i, variant.b) - logBeta(control.a, control.b));
  }
  return Math.min(1, Math.max(0, total));
}

/** Nodes of composite Simpson over where Beta(a, b) has its mass (mean ± 14 sd, within [0, 1]), weighted by its density. */
function weightedNodes({ a, b }: Posterior, panels = 1200): { x: number[]; w: number[] } {
  const mean = a / (a + b);
  const sd = Math.sqrt((a * b) / ((a + b) ** 2 * (a + b + 1)));
  const lo = Math.max(0, mean - 14 * sd);
  const hi = Math.min(1, mean + 14 * sd);
  const h = (hi - lo) / panels;
  const x: number[] = [];
  const w: number[] = [];
  let total = 0;
  for (let index = 0; index <= panels; index++) {
    const point = lo + index * h;
    const simpson = index === 0 || index === panels ? 1 : index % 2 === 1 ? 4 : 2;
    const weight = simpson * betaDensity(point, a, b);
    total += weight;
    if (weight > 0) {
      x.push(point);
      w.push(weight);
    }
  }
  // Normalised, so the mass cut off beyond 14 sd (below 1e-40) and Simpson's error do not bias the CDF.
  return { x, w: w.map((weight) => weight / total) };
}

/** P(pB / pA ≤ r) = ∫ f_A(x) I_{rx}(aB, bB) dx. */
function ratioCdf(nodes: { x: number[]; w: number[] }, variant: Posterior, r: number): number {
  let sum = 0;
  for (let index = 0; index < nodes.x.length; index++) sum += nodes.w[index]! * regularizedBeta(Math.min(1, r * nodes.x[index]!), variant.a, variant.b);
  return sum;
}

function ratioQuantile(nodes: { x: number[]; w: number[] }, variant: Posterior, q: number): number {
  let lo = 0;
  let hi = 2;
  while (ratioCdf(nodes, variant, hi) < q && hi < 1e9) {
    lo = hi;
    hi *= 2;
  }
  // Bisection to a relative width of 1e-7: the CDF is monotone, so it cannot miss.
  while (hi - lo > 1e-7 * Math.max(hi, 1e-9)) {
    const mid = (lo + hi) / 2;
    if (ratioCdf(nodes, variant, mid) < q) lo = mid;
    else hi = mid;
  }
  return (lo + hi) / 2;
}

/** The 95 % credible interval of the relative uplift pB / pA − 1, by numerical integration of the posteriors (no sampling). */
export function upliftInterval(control: Posterior, variant: Posterior): Uplift {
  const nodes = weightedNodes(control);
  const meanA = control.a / (control.a + control.b);
  const meanB = variant.a / (variant.a + variant.b);
  return { estimate: meanB / meanA - 1, lower: ratioQuantile(nodes, variant, 0.025) - 1, upper: ratioQuantile(nodes, variant, 0.975) - 1 };
}

/**
 * Pearson's chi-square test of the visitors each arm got against the split that was set: a p-value
 * below SRM_P_THRESHOLD means the assignment itself is broken (a bot, a redirect losing a cookie, a
 * cache serving one arm), so the other figures should not be trusted.
 */
export function sampleRatioCheck(visitors: readonly number[], weights: readonly number[]): SampleRatioCheck | null {
  const total = visitors.reduce((sum, count) => sum + count, 0);
  const weightTotal = weights.reduce((sum, weight) => sum + weight, 0);
  const arms = visitors.map((count, index) => ({ count, expected: (total * (weights[index] ?? 0)) / weightTotal })).filter(({ expected }) => expected > 0);
  if (total === 0 || arms.length < 2) return null;
  const chiSquare = arms.reduce((sum, { count, expected }) => sum + (count - expected) ** 2 / expected, 0);
  const degreesOfFreedom = arms.length - 1;
  const pValue = regularizedGammaUpper(degreesOfFreedom / 2, chiSquare / 2);
  return { chiSquare, degreesOfFreedom, pValue, mismatch: pValue < SRM_P_THRESHOLD };
}

/**
 * An experiment's results from its counts: per arm the visitors, conversions, conversion rate, the
 * chance to beat the control and the 95 % interval of the uplift over it, and the sample-ratio check
 * against the split set (`weights` by variantId; the control's row is the one named `control`).
 * The analytics rollups supply the counts.
 *
 * @example experimentResults([{ variantId: 'control', visitors: 1000, conversions: 50 }, { variantId: 'B', visitors: 1000, conversions: 65 }], { control: 0.5, B: 0.5 })
 */
export function experimentResults(counts: readonly ArmCounts[], weights: Readonly<Record<string, number>>, controlId: string = CONTROL): ExperimentResults {
  for (const arm of counts) {
    if (!Number.isInteger(arm.visitors) || !Number.isInteger(arm.conversions) || arm.visitors < 0 || arm.conversions < 0 || arm.conversions > arm.visitors) {
      throw new RangeError(`Counts of ${arm.variantId} are not 0 ≤ conversions ≤ visitors.`);
    }
  }
  const control = counts.find((arm) => arm.variantId === controlId);
  if (!control) throw new RangeError(`No counts for the control (${controlId}).`);
  const controlPosterior = posteriorOf(control);
  const arms = counts.map((arm): ArmResult => {
    const conversionRate = arm.visitors === 0 ? 0 : arm.conversions / arm.visitors;
    if (arm === control) return { ...arm, conversionRate, chanceToBeatControl: null, uplift: null };
    const posterior = posteriorOf(arm);
    return { ...arm, conversionRate, chanceToBeatControl: chanceToBeat(controlPosterior, posterior), uplift: upliftInterval(controlPosterior, posterior) };
  });
  return {
    arms,
    sampleRatio: sampleRatioCheck(
      counts.map((arm) => arm.visitors),
      counts.map((arm) => weights[arm.variantId] ?? 0),
    ),
  };
}
