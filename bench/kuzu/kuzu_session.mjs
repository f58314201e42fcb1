// A new Kùzu database in a work folder holding a dataset's interchange CSV
// (kuzu_input.mjs converts it, kuzu_load.mjs creates the schema and COPYs):
// the preamble every Kùzu bench script shares.
import path from "node:path";
import kuzu from "kuzu";
import { writeKuzuInput } from "./kuzu_input.mjs";
import { loadIntoKuzu } from "./kuzu_load.mjs";

// Loads DIR's nodes.csv and edges.csv into `work`/graph.kuzu. `threads` and
// `timeoutMs` set the connection's limits when given. Returns {database,
// connection, input (files and row counts), convert_csv_ms, load (timings of
// loadIntoKuzu), close()}.
export async function openKuzu(dataDir, work, { threads, timeoutMs } = {}) {
  const convertStart = performance.now();
  const input = await writeKuzuInput(dataDir, work);
  const convert_csv_ms = performance.now() - convertStart;
  const database = new kuzu.Database(path.join(work, "graph.kuzu"));
  const connection = new kuzu.Connection(database);
  if (threads) connection.setMaxNumThreadForExec(Number(threads));
  if (timeoutMs) connection.setQueryTimeout(Number(timeoutMs));
  const load = loadIntoKuzu(connection, input);
  return {
    database,
    connection,
    input,
    convert_csv_ms,
    load,
    close() {
      connection.closeSync();
      database.closeSync();
    },
  };
}
