/**
 * Result rows and their two renderings: a readable table on stdout and JSON (`--json FILE`).
 * A row: { scenario, metric, value, baseline, unit, ratio, target, met, note }.
 * `ratio` always reads in the direction of its target: "speed-up" rows divide the baseline by
 * the value (higher is better), "cost" rows divide the value by the baseline (lower is better).
 */

/** A row whose target is "at least `min` times faster than the baseline". */
export function speedupRow({ scenario, metric, value, baseline, unit = "ms", min, note }) {
  const ratio = baseline / value;
  return row({ scenario, metric, value, baseline, unit, ratio, target: `>= ${min}x faster`, met: ratio >= min, note });
}

/** A row whose target is "at most `max` times the baseline" (time or memory). */
export function costRow({ scenario, metric, value, baseline, unit = "ms", max, note }) {
  const ratio = value / baseline;
  return row({ scenario, metric, value, baseline, unit, ratio, target: `<= ${max}x baseline`, met: ratio <= max, note });
}

/** A row whose target is "at least `min` times the baseline" (throughput). */
export function throughputRow({ scenario, metric, value, baseline, unit = "req/s", min, extraMet = true, note }) {
  const ratio = value / baseline;
  return row({ scenario, metric, value, baseline, unit, ratio, target: `>= ${min}x baseline`, met: ratio >= min && extraMet, note });
}

/**
 * A figure with its own target, no baseline column (e.g. a log-log slope).
 * @param {{ scenario: string, metric: string, value: number, unit?: string, target: string, met: boolean | null, note?: string }} fields
 */
export function figureRow({ scenario, metric, value, unit = "", target, met, note }) {
  return row({ scenario, metric, value, baseline: null, unit, ratio: null, target, met, note });
}

/** A scenario whose prerequisite does not exist: says why, never a number. */
export function unavailableRow({ scenario, metric = "", why }) {
  return row({ scenario, metric, value: null, baseline: null, unit: "", ratio: null, target: "", met: null, note: `not available: ${why}` });
}

function row(fields) {
  return { ...fields, note: fields.note ?? "" };
}

export function formatValue(value, unit) {
  if (value === null || value === undefined || Number.isNaN(value)) return "-";
  switch (unit) {
    case "ms":
      if (value < 1) return `${(value * 1000).toFixed(value < 0.01 ? 2 : 1)} µs`;
      if (value < 1000) return `${value.toFixed(value < 10 ? 2 : 1)} ms`;
      return `${(value / 1000).toFixed(2)} s`;
    case "bytes":
      return `${(value / 2 ** 20).toFixed(1)} MiB`;
    case "req/s":
      return `${Math.round(value).toLocaleString("en-US")} req/s`;
    case "requests":
      return `${Math.round(value).toLocaleString("en-US")} requests`;
    case "":
      return value.toFixed(3);
    default:
      return `${value.toFixed(2)} ${unit}`;
  }
}

function formatRatio(r) {
  if (r === null || r === undefined || Number.isNaN(r)) return "-";
  return `${r >= 100 ? r.toFixed(0) : r >= 10 ? r.toFixed(1) : r.toFixed(2)}x`;
}

/** @type {[string, (row: any) => string][]} */
const COLUMNS = [
  ["scenario", (r) => r.scenario],
  ["metric", (r) => r.metric],
  ["value", (r) => formatValue(r.value, r.unit)],
  ["baseline", (r) => (r.baseline === null ? "-" : formatValue(r.baseline, r.unit))],
  ["ratio", (r) => formatRatio(r.ratio)],
  ["target", (r) => r.target || "-"],
  ["met", (r) => (r.met === null ? "n/a" : r.met ? "yes" : "NO")],
];

export function renderTable(rows) {
  const cells = rows.map((r) => COLUMNS.map(([, get]) => String(get(r))));
  const widths = COLUMNS.map(([name], i) => Math.max(name.length, ...cells.map((c) => c[i].length)));
  const line = (values) => values.map((v, i) => v.padEnd(widths[i])).join("  ").trimEnd();
  const out = [line(COLUMNS.map(([name]) => name)), line(widths.map((w) => "-".repeat(w)))];
  rows.forEach((r, i) => {
    out.push(line(cells[i]));
    if (r.note) out.push(`    ${r.note}`);
  });
  return out.join("\n");
}

export function toJson(rows, meta) {
  return JSON.stringify(
    {
      ...meta,
      rows: rows.map((r) => ({
        scenario: r.scenario,
        metric: r.metric,
        value: r.value,
        baseline: r.baseline,
        unit: r.unit,
        ratio: r.ratio,
        target: r.target,
        met: r.met,
        note: r.note,
      })),
    },
    null,
    2,
  );
}
