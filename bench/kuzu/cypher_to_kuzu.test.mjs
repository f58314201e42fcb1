// Tests of the corpus translation (cypher_to_kuzu.mjs); no Kùzu needed:
//   node --test bench/kuzu/cypher_to_kuzu.test.mjs
import assert from "node:assert/strict";
import test from "node:test";
import { translate } from "./cypher_to_kuzu.mjs";

const kuzu = (query) => translate(query).query;

test("a label becomes a condition on Node.label inside the property map", () => {
  assert.equal(kuzu("MATCH (c:Class) RETURN c.name"), "MATCH (c:Node {label: 'Class'}) RETURN c.name");
  assert.equal(
    kuzu("MATCH (:Method {name: 'login'})-[r:CALLS]->(f) RETURN r.line"),
    "MATCH (:Node {label: 'Method', name: 'login'})-[r:CALLS]->(f) RETURN r.line",
  );
});

test("label alternatives and conjunctions go to the MATCH's WHERE, before its own condition", () => {
  assert.equal(
    kuzu("MATCH (n:Class|Interface) WHERE n.name = 'x' RETURN n"),
    "MATCH (n) WHERE n.label IN ['Class', 'Interface'] AND (n.name = 'x') RETURN n",
  );
  assert.equal(kuzu("MATCH (:A:B) RETURN 1"), "MATCH (:A) RETURN 1", "a label outside the schema stays a table Kùzu refuses");
  assert.equal(
    kuzu("MATCH (:Class:Function) RETURN 1"),
    "MATCH (_v1) WHERE _v1.label IN ['Class'] AND _v1.label IN ['Function'] RETURN 1",
  );
});

test("a label predicate in an expression reads Node.label", () => {
  assert.equal(kuzu("MATCH (x) WHERE x:Method RETURN x"), "MATCH (x) WHERE ((x.label = 'Method')) RETURN x");
});

test("variable length gets Trellis's bounds and trail semantics; shortest paths Kùzu's SHORTEST", () => {
  assert.equal(kuzu("MATCH (a)-[:CALLS*]->(b) RETURN b"), "MATCH (a)-[:CALLS* TRAIL 1..10]->(b) RETURN b");
  assert.equal(kuzu("MATCH (a)-[:CALLS*2]->(b) RETURN b"), "MATCH (a)-[:CALLS* TRAIL 2..2]->(b) RETURN b");
  assert.equal(kuzu("MATCH (a)<-[:CALLS*..3]-(b) RETURN b"), "MATCH (a)<-[:CALLS* TRAIL 1..3]-(b) RETURN b");
  assert.equal(
    kuzu("MATCH (a), (b), p = allShortestPaths((a)-[*]-(b)) RETURN p"),
    "MATCH (a), (b), p = (a)-[* ALL SHORTEST 1..10]-(b) RETURN p",
  );
  assert.equal(kuzu("MATCH (a)-[rs:CALLS*2]->(b) RETURN size(rs)"), "MATCH (a)-[rs:CALLS* TRAIL 2..2]->(b) RETURN size(rels(rs))");
});

test("pattern predicates and exists() become EXISTS subqueries; exists(property) IS NOT NULL", () => {
  assert.equal(
    kuzu("MATCH (f:Function) WHERE NOT (f)<-[:CALLS]-(:Method) RETURN f"),
    "MATCH (f:Node {label: 'Function'}) WHERE (NOT EXISTS { MATCH (f)<-[:CALLS]-(:Node {label: 'Method'}) }) RETURN f",
  );
  assert.equal(kuzu("RETURN exists((a)-->(:Class|Interface))"), "RETURN EXISTS { MATCH (a)-->(_v1) WHERE _v1.label IN ['Class', 'Interface'] }");
  assert.equal(kuzu("MATCH (m) WHERE exists(m.all_names) RETURN m"), "MATCH (m) WHERE ((m.all_names IS NOT NULL)) RETURN m");
});

test("EXISTS { } and COUNT { } subqueries gain MATCH, with the pattern's label conditions joining their WHERE", () => {
  assert.equal(
    kuzu("MATCH (f:Function) RETURN COUNT { (f)<-[:CALLS]-() } AS c"),
    "MATCH (f:Node {label: 'Function'}) RETURN COUNT { MATCH (f)<-[:CALLS]-() } AS c",
  );
  assert.equal(
    kuzu("MATCH (m) WHERE NOT EXISTS { MATCH (m)-[:DEFINES]->(c:Class|Function) WHERE c.name = 'x' } RETURN m"),
    "MATCH (m) WHERE (NOT EXISTS { MATCH (m)-[:DEFINES]->(c) WHERE c.label IN ['Class', 'Function'] AND (c.name = 'x') }) RETURN m",
  );
});

test("lists are 1-based in Kùzu: indexes and slices shift; comprehensions use list_filter/list_transform", () => {
  assert.equal(kuzu("RETURN [1, 2][0], labels(n)[0], [1, 2][-1]"), "RETURN [1, 2][1], [n.label][1], [1, 2][-1]");
  assert.equal(kuzu("RETURN [1, 2, 3][1..3], [1, 2][..1]"), "RETURN [1, 2, 3][2:3], [1, 2][1:1]");
  assert.equal(kuzu("RETURN [x IN xs WHERE x > 1 | x * 2]"), "RETURN list_transform(list_filter(xs, x -> x > 1), x -> x * 2)");
  assert.equal(kuzu("WITH {a: 1} AS m RETURN m['a']"), "WITH {a: 1} AS m RETURN m.a");
});

test("functions are renamed; STARTS WITH is not a WITH clause; strings pass through untouched", () => {
  assert.equal(
    kuzu("MATCH (c) WHERE toLower(c.name) STARTS WITH 'match (x:Class)' RETURN type(r), substring(c.name, 1, 2)"),
    "MATCH (c) WHERE (lower(c.name) STARTS WITH 'match (x:Class)') RETURN label(r), substring(c.name, (1) + 1, 2)",
  );
});

test("a RETURN alias used in ORDER BY is renamed so Kùzu does not read it as the variable", () => {
  assert.equal(kuzu("MATCH (c) RETURN c.name AS c ORDER BY c DESC"), "MATCH (c) RETURN c.name AS c_ ORDER BY c_ DESC");
  assert.equal(kuzu("MATCH (c) RETURN c.name AS n ORDER BY c.line"), "MATCH (c) RETURN c.name AS n ORDER BY c.line");
});

test("what Kùzu cannot express is skipped with its category", () => {
  assert.equal(translate("CREATE (n:Function) RETURN n").skip, "write");
  assert.equal(translate("MATCH (n:Class) SET n.a = 1").skip, "write");
  assert.equal(translate("MATCH (f $props) RETURN f").skip, "paramMap");
  assert.equal(translate("MATCH (c) RETURN keys(c)").skip, "keysProperties");
  assert.equal(translate("RETURN last([1])").skip, "missingFunction");
  assert.equal(translate("MATCH (f:Function RETURN f").skip, "syntax");
  assert.equal(translate("RETURN 'CREATE' AS a").query, "RETURN 'CREATE' AS a");
});
