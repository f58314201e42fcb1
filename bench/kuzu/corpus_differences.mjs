// Why Trellis and Kùzu answer a corpus case differently (corpus_on_kuzu.mjs).
// Each explanation has a test over the case and the two answers, so a
// difference is explained only when it is exactly of that kind; explain()
// returns the first explanation whose test holds, or null (unexplained).
//
// An answer is {error} or {columns, rows}; rows hold canonical values.

const cells = (mine, theirs) => {
  // [trellis value, kuzu value] for every cell that differs, when both answers
  // have the same shape; null when they do not.
  if (mine.error || theirs.error || mine.rows.length !== theirs.rows.length) return null;
  const out = [];
  mine.rows.forEach((row, r) =>
    row.forEach((value, c) => {
      if (JSON.stringify(value) !== JSON.stringify(theirs.rows[r][c])) out.push([value, theirs.rows[r][c]]);
    }),
  );
  return out;
};
const everyCell = (mine, theirs, test) => {
  const differing = cells(mine, theirs);
  return differing !== null && differing.length > 0 && differing.every(([a, b]) => test(a, b));
};
const kuzuError = (theirs, pattern) => Boolean(theirs.error) && pattern.test(theirs.error);
const relationshipCount = (query) => (query.match(/\)\s*<?-/g) ?? []).length;

export const EXPLANATIONS = [
  {
    id: "no-relationship-uniqueness",
    text: "Kùzu does not keep openCypher's relationship uniqueness within one MATCH (it matches walks): around the self-call of `recursive` it also returns the match that uses the one CALLS edge twice; Kùzu's rows are Trellis's plus those",
    test: ({ kuzuQuery, mine, theirs }) => {
      if (mine.error || theirs.error || relationshipCount(kuzuQuery) < 2 || theirs.rows.length <= mine.rows.length) return false;
      const extra = theirs.rows.map((row) => JSON.stringify(row));
      for (const row of mine.rows) {
        const at = extra.indexOf(JSON.stringify(row));
        if (at === -1) return false;
        extra.splice(at, 1);
      }
      return true;
    },
  },
  {
    id: "no-relationship-uniqueness-count",
    text: "Kùzu does not keep openCypher's relationship uniqueness within one MATCH (it matches walks): a count over two or more hops also counts the walks that use the self-call of `recursive` twice, so Kùzu's counts are higher",
    test: ({ kuzuQuery, mine, theirs }) =>
      relationshipCount(kuzuQuery) >= 2 && everyCell(mine, theirs, (a, b) => Number.isInteger(a) && Number.isInteger(b) && b > a),
  },
  {
    id: "undirected-self-loop-twice",
    text: "Kùzu matches a self-loop twice in an undirected pattern (once per direction); openCypher matches each relationship once",
    test: ({ kuzuQuery, mine, theirs }) =>
      /\)-(\[[^\]]*\])?-\(/.test(kuzuQuery) && everyCell(mine, theirs, (a, b) => Number.isInteger(a) && Number.isInteger(b) && b > a),
  },
  {
    id: "case-branches-eager",
    text: "Kùzu evaluates every branch of a CASE on every row, so a branch that fails where it is not taken (a division by zero) fails the query; openCypher evaluates only the branch a row takes",
    test: ({ kuzuQuery, mine, theirs }) => !mine.error && /\bCASE\b/.test(kuzuQuery) && kuzuError(theirs, /Divide by zero/),
  },
  {
    id: "order-by-list",
    text: "Kùzu cannot ORDER BY a list value (openCypher orders lists element by element)",
    test: ({ theirs }) => kuzuError(theirs, /Order by \S+ is not supported/),
  },
  {
    id: "with-order-by-needs-limit",
    text: "Kùzu refuses ORDER BY in WITH unless SKIP or LIMIT follows (openCypher allows it, e.g. to order a collect())",
    test: ({ theirs }) => kuzuError(theirs, /In WITH clause, ORDER BY must be followed by SKIP or LIMIT/),
  },
  {
    id: "chained-comparison",
    text: "Kùzu's parser has no chained comparison `a <= b <= c` (openCypher: a <= b AND b <= c)",
    test: ({ theirs }) => kuzuError(theirs, /Non-binary comparison/),
  },
  {
    id: "aggregate-in-expression",
    text: "Kùzu cannot evaluate an expression mixing a grouping key and an aggregate, nor ORDER BY an aggregate written again",
    test: ({ theirs }) => kuzuError(theirs, /Cannot evaluate expression with type (PROPERTY|AGGREGATE_FUNCTION)/),
  },
  {
    id: "static-types",
    text: "Kùzu is statically typed: string + number, list + element, mixed-type lists and maps (a list of nodes + a list of maps or strings too), comparisons across types, coalesce() over different types and length() of a string are refused at bind time, where openCypher's dynamic typing gives a value or null",
    test: ({ mine, theirs }) =>
      !mine.error &&
      kuzuError(theirs, /Implicit cast is not supported|Cannot match a built-in function|Cannot compare types|Could not convert "a" to INT64|did not receive correct arguments|Cannot bind LIST_CONCAT with parameter type (NODE\[\] and (STRUCT|STRING)|STRING\[\] and NODE)/),
  },
  {
    id: "property-of-value",
    text: "Kùzu reads properties of nodes and relationships only: `m.a` on a map held by a variable, `z.a` on a null and `{k: 2}.k` on a map literal are refused, where openCypher reads the map's key (null on null)",
    test: ({ mine, theirs }) => !mine.error && kuzuError(theirs, /Cannot evaluate expression with type VARIABLE/),
  },
  {
    id: "conversion-errors",
    text: "Kùzu's casts raise on a string that is not a number (to_int64('2.7'), to_double('nope')); openCypher's toInteger/toFloat give null (toInteger('2.7') = 2)",
    test: ({ mine, theirs }) => !mine.error && kuzuError(theirs, /Conversion exception: Cast failed/),
  },
  {
    id: "index-out-of-range",
    text: "Kùzu raises on a list index out of range; openCypher gives null",
    test: ({ mine, theirs }) => !mine.error && kuzuError(theirs, /out of range/),
  },
  {
    id: "missing-map-key",
    text: "Kùzu's maps are structs with fixed fields: reading a missing key is an error; openCypher gives null",
    test: ({ mine, theirs }) => !mine.error && kuzuError(theirs, /Invalid struct field name/),
  },
  {
    id: "aggregate-over-nothing",
    text: "aggregate over no rows: openCypher's sum() is 0 and collect() is [], Kùzu's are null",
    test: ({ mine, theirs }) => everyCell(mine, theirs, (a, b) => b === null && (a === 0 || (Array.isArray(a) && a.length === 0))),
  },
  {
    id: "in-with-null",
    text: "`x IN [.., null]` without a match is null in openCypher (three-valued), false in Kùzu",
    test: ({ mine, theirs }) => everyCell(mine, theirs, (a, b) => a === null && b === false),
  },
  {
    id: "to-string-format",
    text: "Kùzu's to_string writes floats with six decimals and booleans capitalised (2.500000, True); openCypher's toString writes 2.5 and true",
    test: ({ mine, theirs }) =>
      everyCell(mine, theirs, (a, b) => typeof a === "string" && typeof b === "string" && (Number(a) === Number(b) || a === b.toLowerCase())),
  },
  {
    id: "string-escapes",
    text: "Kùzu's string literals do not read the \\t escape (it keeps `t`)",
    test: ({ mine, theirs }) => everyCell(mine, theirs, (a, b) => typeof a === "string" && a.includes("\t") && a.replaceAll("\t", "t") === b),
  },
  {
    id: "mixed-list-parameter",
    text: "the Kùzu node API takes a parameter list of mixed types ([1, 'a']) as a list of integers and turns the string into a number",
    test: ({ case: c, mine, theirs }) =>
      Object.values(c.params).some((v) => Array.isArray(v) && new Set(v.map((x) => typeof x)).size > 1) &&
      everyCell(mine, theirs, (a, b) => Array.isArray(a) && Array.isArray(b) && a.length === b.length),
  },
  {
    id: "missing-parameter",
    text: "Kùzu binds a parameter that was not given to null; Trellis refuses the query (INVALID_ARGUMENT)",
    test: ({ mine, theirs }) => /Missing parameter/.test(mine.error ?? "") && !theirs.error,
  },
  {
    id: "unknown-label-is-a-value",
    text: "in Kùzu's single Node table a label is a value of Node.label, so `n:Klass` in WHERE matches nothing instead of being refused as an unknown label",
    test: ({ mine, theirs }) => /Unknown label/.test(mine.error ?? "") && !theirs.error && theirs.rows.length === 0,
  },
  {
    id: "accepts-what-opencypher-refuses",
    text: "Kùzu accepts a query that openCypher refuses (aggregate in WHERE, UNION parts with different column names, a path variable bound twice, an invalid regular expression, toUpper() of a number)",
    test: ({ case: c, mine, theirs }) => Boolean(mine.error) && !theirs.error && (c.error !== null || /INVALID_ARGUMENT/.test(mine.error)),
  },
];

export function explain(difference) {
  return EXPLANATIONS.find((e) => e.test(difference))?.text ?? null;
}
