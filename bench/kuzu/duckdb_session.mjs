// A DuckDB database in memory holding a dataset's interchange CSV as a user
// of DuckDB would load it: one `nodes` table with the contract's node
// columns and one `edges` table (src, dst, type), both read by read_csv
// straight from nodes.csv and edges.csv (quoted fields may span lines: the
// docstrings). No index: DuckDB answers joins with hash joins.
import { DuckDBInstance } from "@duckdb/node-api";

function csvSource(file) {
  return `read_csv('${file.replaceAll("'", "''")}', header = true, all_varchar = true, delim = ',', quote = '"', escape = '"')`;
}

// Returns {connection, load_ms: {nodes, edges}, version, query(sql) -> prepared runner, close()}.
// query(sql) prepares once; its run(params) binds the named $parameters,
// reads every row and returns {rows (arrays of JS values), ms}.
export async function openDuckDb(dataDir) {
  const instance = await DuckDBInstance.create(":memory:");
  const connection = await instance.connect();
  const load_ms = {};
  const timed = async (name, sql) => {
    const start = performance.now();
    await connection.run(sql);
    load_ms[name] = performance.now() - start;
  };
  await timed(
    "nodes",
    `CREATE TABLE nodes AS SELECT CAST(id AS BIGINT) AS id, label, qualified_name, name, file_path,
       TRY_CAST(line_start AS BIGINT) AS line_start, TRY_CAST(line_end AS BIGINT) AS line_end
     FROM ${csvSource(`${dataDir}/nodes.csv`)}`,
  );
  await timed(
    "edges",
    `CREATE TABLE edges AS SELECT CAST(src AS BIGINT) AS src, CAST(dst AS BIGINT) AS dst, type
     FROM ${csvSource(`${dataDir}/edges.csv`)}`,
  );
  const version = (await connection.runAndReadAll("SELECT version()")).getRows()[0][0];
  return {
    connection,
    load_ms,
    version,
    async query(sql) {
      const prepared = await connection.prepare(sql);
      return {
        async run(params = {}) {
          const start = performance.now();
          if (Object.keys(params).length) prepared.bind(params);
          const reader = await prepared.runAndReadAll();
          const rows = reader.getRowsJS();
          return { rows, ms: performance.now() - start };
        },
      };
    },
    close() {
      connection.closeSync();
      instance.closeSync();
    },
  };
}
