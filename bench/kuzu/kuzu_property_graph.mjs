// Loads an interchange CSV graph (nodes.csv, edges.csv of CONTRACT.md) into
// Kùzu with every property, for the conformance corpus (corpus_on_kuzu.mjs).
//
// Same layout as kuzu_load.mjs (one `Node` table with a `label` column, one
// rel table per relationship type FROM Node TO Node), but every column of
// the export becomes a property: node columns on Node, edge columns after
// src,dst,type on every rel table (all rel tables share them, so `r.line`
// on an untyped relationship binds). Column types are inferred from the
// values: all integers -> INT64, all true/false -> BOOLEAN, all JSON arrays
// of strings -> STRING[], else STRING; an empty field is null.
import fs from "node:fs";
import path from "node:path";
import { csvRecords } from "./csv_records.mjs";
import { REL_TYPES } from "./kuzu_input.mjs";

async function readTable(file) {
  const records = [];
  for await (const record of csvRecords(file)) records.push(record);
  return { header: records[0], rows: records.slice(1) };
}

// The Kùzu type of one column from its non-empty values.
export function inferType(values) {
  const present = values.filter((v) => v !== "");
  if (present.length === 0) return "STRING";
  if (present.every((v) => /^-?\d+$/.test(v))) return "INT64";
  if (present.every((v) => v === "true" || v === "false")) return "BOOLEAN";
  const isStringList = (v) => {
    try {
      const parsed = JSON.parse(v);
      return Array.isArray(parsed) && parsed.every((item) => typeof item === "string");
    } catch {
      return false;
    }
  };
  if (present.every(isStringList)) return "STRING[]";
  return "STRING";
}

function quoted(field) {
  return /[",\r\n]/.test(field) ? `"${field.replaceAll('"', '""')}"` : field;
}

// One CSV field as Kùzu's COPY reads a value of `type`.
function kuzuField(value, type) {
  if (value === "") return "";
  if (type === "STRING[]") {
    // Kùzu's list syntax: [a,b]; items are identifiers and dotted names here,
    // quoted when they hold a delimiter.
    const items = JSON.parse(value).map((item) => (/[,\[\]'"{}\s]/.test(item) ? `'${item.replaceAll("'", "\\'")}'` : item));
    return quoted(`[${items.join(",")}]`);
  }
  return quoted(value);
}

function writeCsv(file, header, rows) {
  fs.writeFileSync(file, [header.join(","), ...rows.map((row) => row.join(","))].join("\n") + "\n");
}

function columnTypes(header, rows, from) {
  return header.slice(from).map((name, i) => [name, inferType(rows.map((row) => row[from + i] ?? ""))]);
}

// Reads DIR/nodes.csv and DIR/edges.csv, writes Kùzu's COPY inputs into
// workDir and loads them through `connection`. Returns
// {nodeColumns: [[name, type]...], relColumns: [[name, type]...],
//  qualifiedNames: Map(id -> qualified_name)}.
export async function loadPropertyGraph(connection, dataDir, workDir) {
  const nodes = await readTable(path.join(dataDir, "nodes.csv"));
  const edges = await readTable(path.join(dataDir, "edges.csv"));
  const nodeColumns = columnTypes(nodes.header, nodes.rows, 0);
  if (nodeColumns[0][0] !== "id" || nodeColumns[0][1] !== "INT64") throw new Error("nodes.csv: the first column must be the integer id");
  const typeIndex = edges.header.indexOf("type");
  if (edges.header[0] !== "src" || edges.header[1] !== "dst" || typeIndex !== 2) throw new Error("edges.csv: header must start src,dst,type");
  const relColumns = columnTypes(edges.header, edges.rows, 3);

  const nodeFile = path.join(workDir, "kuzu_nodes.csv");
  writeCsv(
    nodeFile,
    nodeColumns.map(([name]) => name),
    nodes.rows.map((row) => nodeColumns.map(([, type], i) => kuzuField(row[i] ?? "", type))),
  );
  const run = (statement) => connection.querySync(statement).close();
  const columns = (list) => list.map(([name, type]) => `, ${name} ${type}`).join("");
  run(`CREATE NODE TABLE Node(${nodeColumns.map(([name, type]) => `${name} ${type}`).join(", ")}, PRIMARY KEY(id))`);
  run(`COPY Node FROM '${nodeFile}' (header=true)`);
  for (const type of REL_TYPES) {
    run(`CREATE REL TABLE ${type}(FROM Node TO Node${columns(relColumns)})`);
    const rows = edges.rows.filter((row) => row[typeIndex] === type);
    if (rows.length === 0) continue;
    const file = path.join(workDir, `kuzu_edges_${type}.csv`);
    writeCsv(
      file,
      ["src", "dst", ...relColumns.map(([name]) => name)],
      rows.map((row) => [row[0], row[1], ...relColumns.map(([, t], i) => kuzuField(row[3 + i] ?? "", t))]),
    );
    run(`COPY ${type} FROM '${file}' (header=true)`);
  }
  const unknown = edges.rows.find((row) => !REL_TYPES.includes(row[typeIndex]));
  if (unknown) throw new Error(`edges.csv: unknown relationship type ${unknown[typeIndex]}`);
  const qualifiedNames = new Map(nodes.rows.map((row) => [Number(row[0]), row[nodes.header.indexOf("qualified_name")]]));
  return { nodeColumns, relColumns, qualifiedNames };
}
