/**
 * The special functions the experiment results need, in double precision: log-gamma (Lanczos,
 * g = 7, n = 9, relative error about 1e-15), the regularized incomplete beta and the regularized
 * upper incomplete gamma (continued fractions after Numerical Recipes §6.2 and §6.4).
 */

const LANCZOS = [
  0.99999999999980993, 676.5203681218851, -1259.1392167224028, 771.32342877765313, -176.61502916214059, 12.507343278686905, -0.13857109526572012, 9.9843695780195716e-6, 1.5056327351493116e-7,
];

/** ln Γ(x) for x > 0. */
export function logGamma(x: number): number {
  if (x < 0.5) return Math.log(Math.PI / Math.sin(Math.PI * x)) - logGamma(1 - x);
  const z = x - 1;
  let sum = LANCZOS[0]!;
  for (let index = 1; index < LANCZOS.length; index++) sum += LANCZOS[index]! / (z + index);
  const t = z + 7.5;
  return 0.5 * Math.log(2 * Math.PI) + (z + 0.5) * Math.log(t) - t + Math.log(sum);
}

/** ln B(a, b). */
export function logBeta(a: number, b: number): number {
  return logGamma(a) + logGamma(b) - logGamma(a + b);
}

const EPSILON = 1e-15;
const TINY = 1e-300;
const MAX_ITERATIONS = 100_000;

function betaContinuedFraction(a: number, b: number, x: number): number {
  const qab = a + b;
  const qap = a + 1;
  const qam = a - 1;
  let c = 1;
  let d = 1 - (qab * x) / qap;
  if (Math.abs(d) < TINY) d = TINY;
  d = 1 / d;
  let h = d;
  for (let m = 1; m <= MAX_ITERATIONS; m++) {
    const m2 = 2 * m;
    let aa = (m * (b - m) * x) / ((qam + m2) * (a + m2));
    d = 1 + aa * d;
    if (Math.abs(d) < TINY) d = TINY;
    c = 1 + aa / c;
    if (Math.abs(c) < TINY) c = TINY;
    d = 1 / d;
    h *= d * c;
    aa = (-(a + m) * (qab + m) * x) / ((a + m2) * (qap + m2));
    d = 1 + aa * d;
    if (Math.abs(d) < TINY) d = TINY;
    c = 1 + aa / c;
    if (Math.abs(c) < TINY) c = TINY;
    d = 1 / d;
    const delta = d * c;
    h *= delta;
    if (Math.abs(delta - 1) < EPSILON) return h;
  }
  throw new Error(`The incomplete beta did not converge for a=${a}, b=${b}, x=${x}.`);
}

/** I_x(a, b): the CDF at x of Beta(a, b). */
export function regularizedBeta(x: number, a: number, b: number): number {
  if (x <= 0) return 0;
  if (x >= 1) return 1;
  const front = Math.exp(a * Math.log(x) + b * Math.log1p(-x) - logBeta(a, b));
  // The fraction converges fast below the mean; above it, the symmetry I_x(a, b) = 1 − I_{1−x}(b, a).
  if (x < (a + 1) / (a + b + 2)) return (front * betaContinuedFraction(a, b, x)) / a;
  return 1 - (front * betaContinuedFraction(b, a, 1 - x)) / b;
}

/** The density of Beta(a, b) at x. */
export function betaDensity(x: number, a: number, b: number): number {
  if (x <= 0 || x >= 1) return (x === 0 && a === 1) || (x === 1 && b === 1) ? Math.exp(-logBeta(a, b)) : 0;
  return Math.exp((a - 1) * Math.log(x) + (b - 1) * Math.log1p(-x) - logBeta(a, b));
}

/** Q(s, x) = Γ(s, x) / Γ(s): the upper tail of Gamma(s); with s = k/2 and x = χ²/2, the p-value of a chi-square statistic on k degrees of freedom. */
export function regularizedGammaUpper(s: number, x: number): number {
  if (x <= 0) return 1;
  const logFront = s * Math.log(x) - x - logGamma(s);
  if (x < s + 1) {
    // The series for the lower part P(s, x).
    let term = 1 / s;
    let sum = term;
    for (let n = 1; n <= MAX_ITERATIONS; n++) {
      term *= x / (s + n);
      sum += term;
      if (Math.abs(term) < Math.abs(sum) * EPSILON) return 1 - sum * Math.exp(logFront);
    }
    throw new Error(`The incomplete gamma series did not converge for s=${s}, x=${x}.`);
  }
  // Lentz's continued fraction for Q(s, x) itself, precise in the far tail where 1 − P would lose every digit.
  let b = x + 1 - s;
  let c = 1 / TINY;
  let d = 1 / b;
  let h = d;
  for (let n = 1; n <= MAX_ITERATIONS; n++) {
    const an = -n * (n - s);
    b += 2;
    d = an * d + b;
    if (Math.abs(d) < TINY) d = TINY;
    c = b + an / c;
    if (Math.abs(c) < TINY) c = TINY;
    d = 1 / d;
    const delta = d * c;
    h *= delta;
    if (Math.abs(delta - 1) < EPSILON) return Math.exp(logFront) * h;
  }
  throw new Error(`The incomplete gamma fraction did not converge for s=${s}, x=${x}.`);
}
