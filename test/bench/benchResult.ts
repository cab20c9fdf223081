/** What every benchmark reports to `npm run bench` (test/bench/run.ts). */
export interface BenchResult {
  name: string;
  /** Measured / baseline (or / target where the target is absolute); lower is better. */
  ratio: number;
  /** The ratio the project aims to stay under. */
  target: number;
  /** The raw figures behind the ratio, including the baseline measured in the same run. */
  detail: string;
}
