// Streams the records of an RFC 4180 CSV file (the interchange format of
// CONTRACT.md): quoted fields may hold commas, doubled quotes and line
// breaks. Yields each record as an array of strings ("" for an empty field).
import fs from "node:fs";
import readline from "node:readline";

function quoteCount(line) {
  let count = 0;
  for (let i = line.indexOf('"'); i !== -1; i = line.indexOf('"', i + 1)) ++count;
  return count;
}

// Splits one complete record (its line breaks included) into fields.
function parseRecord(text) {
  const fields = [];
  let i = 0;
  for (;;) {
    if (text[i] === '"') {
      let field = "";
      ++i;
      for (;;) {
        const quote = text.indexOf('"', i);
        if (quote === -1) throw new Error(`unterminated quoted field in: ${text.slice(0, 80)}`);
        field += text.slice(i, quote);
        if (text[quote + 1] === '"') {
          field += '"';
          i = quote + 2;
        } else {
          i = quote + 1;
          break;
        }
      }
      fields.push(field);
    } else {
      const comma = text.indexOf(",", i);
      const end = comma === -1 ? text.length : comma;
      fields.push(text.slice(i, end));
      i = end;
    }
    if (i >= text.length) return fields;
    if (text[i] !== ",") throw new Error(`text after a closing quote in: ${text.slice(0, 80)}`);
    ++i;
  }
}

// A record is complete when its quotes balance: inside a quoted field they
// come in pairs, so an odd running count means a line break inside a field.
export async function* csvRecords(path) {
  const lines = readline.createInterface({
    input: fs.createReadStream(path, { encoding: "utf8", highWaterMark: 1 << 20 }),
    crlfDelay: Infinity,
  });
  let pending = null;
  let pendingQuotes = 0;
  for await (const line of lines) {
    if (pending === null) {
      const quotes = quoteCount(line);
      if (quotes === 0) {
        yield line.split(",");
      } else if (quotes % 2 === 0) {
        yield parseRecord(line);
      } else {
        pending = line;
        pendingQuotes = quotes;
      }
      continue;
    }
    pending += "\n" + line;
    pendingQuotes += quoteCount(line);
    if (pendingQuotes % 2 === 0) {
      yield parseRecord(pending);
      pending = null;
    }
  }
  if (pending !== null) throw new Error(`${path}: the file ends inside a quoted field`);
}
