// The human table of one engine's results JSON.
import { ms } from "./latency.mjs";

const MiB = 1024 * 1024;

export function printResultsTable(results) {
  const { load, dataset } = results;
  console.log(`${results.engine} ${results.engine_version}: ${dataset.nodes} nodes, ${dataset.edges} edges`);
  if (load) {
    console.log(
      `load: csv conversion ${ms(load.convert_csv_ms)} ms, COPY ${ms(load.load_ms)} ms ` +
        `(${Object.entries(load.copy_ms)
          .map(([t, v]) => `${t} ${ms(v)}`)
          .join(", ")}); ` +
        `rss ${(load.rss_bytes_after_load / MiB).toFixed(0)} MiB after load (peak ${(load.peak_rss_bytes_after_load / MiB).toFixed(0)} MiB), ` +
        `peak ${(load.peak_rss_bytes / MiB).toFixed(0)} MiB after the queries; ` +
        `database ${(load.database_bytes / MiB).toFixed(0)} MiB on disk`,
    );
  }
  const header = ["query", "lookup", "targets", "mean rows", "p50 ms", "p95 ms", "max ms", "mean ms", "errors"];
  const rows = Object.entries(results.queries).map(([name, q]) => {
    const answered = q.answers.filter((a) => !a.error);
    const meanRows = answered.length ? answered.reduce((s, a) => s + a.total, 0) / answered.length : 0;
    const l = q.latency_ms ?? {};
    return [
      name,
      q.lookup,
      String(q.answers.length),
      meanRows.toFixed(0),
      ms(l.p50),
      ms(l.p95),
      ms(l.max),
      ms(l.mean),
      String(q.errors),
    ];
  });
  const widths = header.map((h, i) => Math.max(h.length, ...rows.map((r) => r[i].length)));
  const line = (cells) =>
    cells.map((c, i) => (i === 0 || i === 1 ? c.padEnd(widths[i]) : c.padStart(widths[i]))).join("  ");
  console.log(line(header));
  for (const row of rows) console.log(line(row));
}
