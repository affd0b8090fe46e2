/**
 * What every benchmark prints the same way: medians and percentiles, numbers with separators, one row per
 * measurement with its goal and mark, and the closing count of goals met. Not a benchmark itself (run.ts runs
 * only `*.bench.ts`).
 */

export function median(values: number[]): number {
  const sorted = [...values].sort((a, b) => a - b);
  const mid = sorted.length >> 1;
  return sorted.length % 2 ? sorted[mid]! : (sorted[mid - 1]! + sorted[mid]!) / 2;
}

export const percentile = (values: number[], p: number) =>
  [...values].sort((a, b) => a - b)[Math.min(values.length - 1, Math.floor(values.length * p))]!;

export const int = (n: number) => Math.round(n).toLocaleString('en-US');

export interface Goal {
  text: string;
  ok: boolean;
  name: string;
}

/** A report whose rows are `labelWidth` and `valueWidth` wide; `summary()` says which goals were missed. */
export function createReport(widths: { label: number; value: number }) {
  const results: { goal: string; ok: boolean }[] = [];
  return {
    /** One line of results: label, measurement, then the goal and its mark when there is one. */
    row(label: string, value: string, goal?: Goal, note = '') {
      let judged = '';
      if (goal) {
        results.push({ goal: goal.name, ok: goal.ok });
        judged = `goal ${goal.text}`.padEnd(18) + (goal.ok ? '✓ pass' : '✗ FAIL');
      }
      const line = `   ${label.padEnd(widths.label)}${value.padStart(widths.value)}   ${judged}`;
      console.log(`${line}${note ? `  ${note}` : ''}`.trimEnd());
    },
    summary() {
      const missed = results.filter((r) => !r.ok);
      console.log(
        missed.length === 0
          ? `All ${results.length} goals met ✓`
          : `${missed.length} of ${results.length} goals missed: ${missed.map((r) => r.goal).join(', ')} ✗`,
      );
    },
  };
}
