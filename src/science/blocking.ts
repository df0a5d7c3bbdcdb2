/**
 * The standard error of the mean of a correlated time series by blocking (Flyvbjerg and
 * Petersen, J. Chem. Phys. 91, 461 (1989)): the series is averaged in pairs again and again; at
 * each level the naive standard error of the block means is computed, and it grows with the block
 * size until the blocks are longer than the correlation time, where it levels off (a plateau).
 * The level is chosen by the criterion of Wolff (2004) and of Lee, Kellett and Needs (2011), as
 * pyblock does: the smallest block size B with B³ > 2 n (σ_B / σ_1)⁴, n the number of samples and
 * σ_B the standard error at block size B. Where no level meets it, the series is too short for
 * its correlations: the largest error of the levels with at least 4 blocks is given and `plateau`
 * is false.
 */

/** One level of the blocking transformation. */
export interface BlockingLevel {
  /** Samples per block (2^level). */
  blockSize: number;
  /** Blocks at this level. */
  blocks: number;
  /** The naive standard error of the mean from these blocks. */
  error: number;
  /** That error's own uncertainty, error / √(2 (blocks − 1)). */
  errorOfError: number;
}

/** A mean with its standard error. */
export interface Estimate {
  /** The mean. */
  mean: number;
  /** The standard error of the mean (from blocking: see {@link blockAverage}). */
  error: number;
  /** The samples the error comes from. */
  samples: number;
  /** The block size chosen (in samples); the error holds for correlations shorter than this. */
  blockSize: number;
  /** Whether the blocking levels reached a plateau (false: the series may be too short, the error an underestimate). */
  plateau: boolean;
}

/** The blocking analysis of a series. */
export interface BlockAnalysis extends Estimate {
  /** The chosen error's own uncertainty. */
  errorOfError: number;
  /** Every level of the transformation. */
  levels: BlockingLevel[];
}

/**
 * The mean of `series` and its standard error by blocking (a RangeError for fewer than 2 samples,
 * from which no error can be told, or a sample that is not a finite number).
 */
export function blockAverage(series: ArrayLike<number>): BlockAnalysis {
  const n = series.length;
  if (n < 2) throw new RangeError(`blocking needs at least 2 samples, got ${n}`);
  let x = Float64Array.from(series as ArrayLike<number>);
  for (let k = 0; k < n; k++) if (!Number.isFinite(x[k])) throw new RangeError(`series[${k}] must be a finite number, got ${x[k]}`);
  let sum = 0;
  for (let k = 0; k < n; k++) sum += x[k];
  const mean = sum / n;
  const levels: BlockingLevel[] = [];
  for (let size = 1; x.length >= 2; size *= 2) {
    const m = x.length;
    let s = 0;
    for (let k = 0; k < m; k++) s += x[k];
    const mu = s / m;
    let c0 = 0;
    for (let k = 0; k < m; k++) c0 += (x[k] - mu) * (x[k] - mu);
    c0 /= m;
    const error = Math.sqrt(c0 / (m - 1));
    levels.push({ blockSize: size, blocks: m, error, errorOfError: error / Math.sqrt(2 * (m - 1)) });
    const next = new Float64Array(m >> 1);
    for (let k = 0; k < next.length; k++) next[k] = 0.5 * (x[2 * k] + x[2 * k + 1]);
    x = next;
  }
  const first = levels[0].error;
  let chosen = -1;
  if (first === 0) chosen = 0;
  else {
    for (let k = 0; k < levels.length; k++) {
      const b = levels[k].blockSize, ratio = levels[k].error / first;
      if (b * b * b > 2 * n * ratio * ratio * ratio * ratio) {
        chosen = k;
        break;
      }
    }
  }
  const plateau = chosen >= 0;
  let level = levels[chosen >= 0 ? chosen : 0];
  if (!plateau) for (const l of levels) if (l.blocks >= 4 && l.error > level.error) level = l;
  return { mean, error: level.error, errorOfError: level.errorOfError, samples: n, blockSize: level.blockSize, plateau, levels };
}
