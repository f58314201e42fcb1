// Creates the schema and COPYs the converted CSV into a Kùzu database.
//
// One Node table for every label (a `label` column says which), primary key
// `id`, the interchange id: the relationship types join several labels
// (CALLS goes from Function|Method|Module to Function|Method|Class), and one
// table keeps each rel table a single FROM/TO pair, so recursive joins
// never switch tables. One rel table per relationship type, without edge
// properties (no query here reads them). Kùzu indexes only the primary
// key: a lookup by qualified_name scans the Node table.
import { NODE_COLUMNS, REL_TYPES } from "./kuzu_input.mjs";

function copySource(file) {
  return `'${file.replaceAll("'", "\\'")}'`;
}

// Returns {schema_ms, copy_ms: {Node, CALLS, ...}, load_ms} (load_ms sums the COPYs).
export function loadIntoKuzu(connection, input) {
  const timings = { schema_ms: 0, copy_ms: {}, load_ms: 0 };
  const run = (statement) => connection.querySync(statement).close();
  const schemaStart = performance.now();
  const columns = NODE_COLUMNS.map(([name, type]) => `${name} ${type}`).join(", ");
  run(`CREATE NODE TABLE Node(${columns}, PRIMARY KEY(id))`);
  for (const type of REL_TYPES) run(`CREATE REL TABLE ${type}(FROM Node TO Node)`);
  timings.schema_ms = performance.now() - schemaStart;

  const copy = (table, file) => {
    const start = performance.now();
    run(`COPY ${table} FROM ${copySource(file)} (header=true)`);
    timings.copy_ms[table] = performance.now() - start;
    timings.load_ms += timings.copy_ms[table];
  };
  copy("Node", input.nodes.file);
  for (const type of REL_TYPES) {
    if (input.rels[type].rows > 0) copy(type, input.rels[type].file);
  }
  return timings;
}
