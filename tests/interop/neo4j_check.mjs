// Checks a `trellis export --format neo4j` folder against neo4j-admin's
// CSV import rules: each header field is `name[:type]` with a type
// neo4j-admin knows, or one of :ID/:LABEL (node files) and
// :START_ID/:END_ID/:TYPE (relationship files), each exactly once; every
// record has the header's field count; int, boolean cells parse; ids are
// unique across node files and every relationship's ends are among them;
// the README's command names every CSV. Prints the counts; exits 1 on the
// first broken rule.
// Usage: node neo4j_check.mjs DIR
import fs from "node:fs";
import path from "node:path";
import { csvRecords } from "../../bench/kuzu/csv_records.mjs";

const dir = process.argv[2];
const TYPES = new Set(["int", "long", "float", "double", "boolean", "byte", "short", "char", "string", "point", "date",
  "localtime", "time", "localdatetime", "datetime", "duration"]);
function fail(message) {
  console.error(`neo4j check: ${message}`);
  process.exit(1);
}
async function read(file) {
  const records = [];
  for await (const record of csvRecords(path.join(dir, file))) records.push(record);
  return records;
}
function columns(header, file, keys) {
  const seen = new Map();
  header.forEach((field, i) => {
    const colon = field.lastIndexOf(":");
    if (colon === -1) return;
    const name = field.slice(0, colon);
    const type = field.slice(colon + 1);
    if (name === "") {
      if (!keys.includes(field)) fail(`${file}: key column ${field} does not belong in this file`);
      if (seen.has(field)) fail(`${file}: ${field} twice`);
      seen.set(field, i);
    } else if (!TYPES.has(type.replace(/\[\]$/, ""))) {
      fail(`${file}: unknown type in ${field}`);
    }
  });
  for (const key of keys) if (!seen.has(key)) fail(`${file}: no ${key} column`);
  return seen;
}
function checkCells(file, header, record) {
  header.forEach((field, i) => {
    const cell = record[i];
    if (cell === "") return;
    if (field.endsWith(":int") && !/^-?\d+$/.test(cell)) fail(`${file}: ${field} holds ${cell}`);
    if (field.endsWith(":boolean") && cell !== "true" && cell !== "false") fail(`${file}: ${field} holds ${cell}`);
  });
}

const files = fs.readdirSync(dir).filter((name) => name.endsWith(".csv")).sort();
const readme = fs.readFileSync(path.join(dir, "README.md"), "utf8");
const ids = new Set();
let nodes = 0;
let relationships = 0;
for (const file of files.filter((name) => name.startsWith("nodes_"))) {
  const [header, ...records] = await read(file);
  const keys = columns(header, file, [":ID", ":LABEL"]);
  for (const record of records) {
    if (record.length !== header.length) fail(`${file}: a record of ${record.length} fields under ${header.length}`);
    checkCells(file, header, record);
    const id = record[keys.get(":ID")];
    if (ids.has(id)) fail(`${file}: id ${id} twice`);
    ids.add(id);
    if (record[keys.get(":LABEL")] !== file.slice(6, -4)) fail(`${file}: label ${record[keys.get(":LABEL")]}`);
    ++nodes;
  }
  if (!readme.includes(`--nodes=${path.resolve(dir, file)}`)) fail(`README.md does not import ${file}`);
}
for (const file of files.filter((name) => name.startsWith("relationships_"))) {
  const [header, ...records] = await read(file);
  const keys = columns(header, file, [":START_ID", ":END_ID", ":TYPE"]);
  for (const record of records) {
    if (record.length !== header.length) fail(`${file}: a record of ${record.length} fields under ${header.length}`);
    checkCells(file, header, record);
    for (const end of [":START_ID", ":END_ID"]) {
      if (!ids.has(record[keys.get(end)])) fail(`${file}: ${end} ${record[keys.get(end)]} is no node`);
    }
    if (record[keys.get(":TYPE")] !== file.slice(14, -4)) fail(`${file}: type ${record[keys.get(":TYPE")]}`);
    ++relationships;
  }
  if (!readme.includes(`--relationships=${path.resolve(dir, file)}`)) fail(`README.md does not import ${file}`);
}
if (!readme.includes("neo4j-admin database import full") || !readme.includes("--array-delimiter=U+001F")) {
  fail("README.md lacks the import command");
}
console.log(`nodes ${nodes} relationships ${relationships}`);
