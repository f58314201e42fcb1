// Reads the Cypher conformance corpus (tests/cypher/corpus/*.cypher) in the
// format tests/cypher/corpus_test.cpp documents: `=== name`, the query, then
// `--- params JSON`, `--- limit N`, `--- columns [...]`, `--- rows [unordered]`
// with one JSON array per row, `--- total N`, or `--- error CODE`.
import fs from "node:fs";
import path from "node:path";

// Returns [{file, name, query, params, limit, columns, rows, unordered, error}] in file order.
export function readCorpus(dir) {
  const files = fs.readdirSync(dir).filter((f) => f.endsWith(".cypher")).sort();
  const cases = [];
  for (const file of files) {
    let section = null;
    for (const line of fs.readFileSync(path.join(dir, file), "utf8").split("\n")) {
      if (line.startsWith("=== ")) {
        cases.push({ file, name: line.slice(4), query: "", params: {}, limit: 1000, columns: null, rows: [], unordered: false, error: null });
        section = "query";
        continue;
      }
      const c = cases.at(-1);
      if (!c || c.file !== file) continue;
      if (line.startsWith("--- ")) {
        const [, word, rest = ""] = /^--- (\S+)\s*(.*)$/.exec(line);
        section = word;
        if (word === "params") c.params = JSON.parse(rest);
        if (word === "limit") c.limit = Number(rest);
        if (word === "columns") c.columns = JSON.parse(rest);
        if (word === "rows") c.unordered = rest.trim() === "unordered";
        if (word === "error") c.error = rest.trim();
        continue;
      }
      if (section === "query" && !(line.startsWith("#") && c.query === "")) c.query += `${line}\n`;
      if (section === "rows" && line.trim() && !line.startsWith("#")) c.rows.push(JSON.parse(line));
    }
  }
  for (const c of cases) c.query = c.query.trim();
  return cases;
}
