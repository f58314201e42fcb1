// Turns the interchange CSV (nodes.csv, edges.csv) into the files Kùzu's
// COPY reads: one node file with the columns of the Node table, and one
// src,dst file per relationship type (a rel table per type).
import fs from "node:fs";
import path from "node:path";
import { csvRecords } from "./csv_records.mjs";

export const NODE_COLUMNS = [
  ["id", "INT64"],
  ["label", "STRING"],
  ["qualified_name", "STRING"],
  ["name", "STRING"],
  ["file_path", "STRING"],
  ["line_start", "INT64"],
  ["line_end", "INT64"],
];
export const REL_TYPES = ["CONTAINS", "DEFINES", "CALLS", "INHERITS", "IMPLEMENTS", "IMPORTS"];

// Buffered writes to one file.
class Output {
  constructor(file) {
    this.file = file;
    this.fd = fs.openSync(file, "w");
    this.parts = [];
    this.size = 0;
    this.rows = 0;
  }
  line(text) {
    this.parts.push(text);
    this.size += text.length + 1;
    if (this.size > 1 << 20) this.flush();
  }
  flush() {
    if (this.parts.length) fs.writeSync(this.fd, this.parts.join("\n") + "\n");
    this.parts = [];
    this.size = 0;
  }
  close() {
    this.flush();
    fs.closeSync(this.fd);
  }
}

function quoted(field) {
  return /[",\r\n]/.test(field) ? `"${field.replaceAll('"', '""')}"` : field;
}

function columnIndexes(header, names, file) {
  return names.map((name) => {
    const index = header.indexOf(name);
    if (index === -1) throw new Error(`${file} has no column ${name}`);
    return index;
  });
}

async function convertNodes(dataDir, outDir) {
  const file = path.join(dataDir, "nodes.csv");
  const output = new Output(path.join(outDir, "nodes.csv"));
  let indexes = null;
  for await (const record of csvRecords(file)) {
    if (indexes === null) {
      indexes = columnIndexes(
        record,
        NODE_COLUMNS.map(([name]) => name),
        file,
      );
      output.line(NODE_COLUMNS.map(([name]) => name).join(","));
      continue;
    }
    output.line(indexes.map((i) => quoted(record[i] ?? "")).join(","));
    ++output.rows;
  }
  output.close();
  return { file: output.file, rows: output.rows };
}

async function convertEdges(dataDir, outDir) {
  const file = path.join(dataDir, "edges.csv");
  const outputs = new Map(REL_TYPES.map((type) => [type, new Output(path.join(outDir, `edges_${type}.csv`))]));
  for (const output of outputs.values()) output.line("src,dst");
  let indexes = null;
  for await (const record of csvRecords(file)) {
    if (indexes === null) {
      indexes = columnIndexes(record, ["src", "dst", "type"], file);
      continue;
    }
    const output = outputs.get(record[indexes[2]]);
    if (!output) throw new Error(`${file}: unknown relationship type ${record[indexes[2]]}`);
    output.line(`${record[indexes[0]]},${record[indexes[1]]}`);
    ++output.rows;
  }
  const rels = {};
  for (const [type, output] of outputs) {
    output.close();
    rels[type] = { file: output.file, rows: output.rows };
  }
  return rels;
}

// Writes the COPY inputs into outDir; returns their paths and row counts.
export async function writeKuzuInput(dataDir, outDir) {
  const nodes = await convertNodes(dataDir, outDir);
  const rels = await convertEdges(dataDir, outDir);
  return { nodes, rels };
}
