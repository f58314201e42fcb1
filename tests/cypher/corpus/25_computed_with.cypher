# A WITH that computes values (functions, arithmetic, pattern counts) runs
# inside the batch pipeline of what reads its rows next (BatchProject): its
# items are columns of the batches. Expected answers from the row executor
# (the build before).

=== computed with: a length filtered and counted
MATCH (f:Function) WITH f, size(f.name) AS s WHERE s > 8 RETURN count(*) AS n, max(s) AS m
--- columns ["n","m"]
--- rows
[2,9]

=== computed with: a span ordered with its node's name
MATCH (f:Function) WITH f, f.line_end - f.line_start AS len RETURN f.name AS n, len ORDER BY len DESC, n LIMIT 3
--- columns ["n","len"]
--- rows
["main",4]
["use_all",4]
["recursive",3]

=== computed with: grouped by a passed-on key, summing a computed value
MATCH (f:Function) WITH f.file_path AS p, f.line_end - f.line_start AS len RETURN p, sum(len) AS t ORDER BY t DESC, p LIMIT 3
--- columns ["p","t"]
--- rows
["src/shop/services/auth.py",11]
["src/shop/star/user.py",4]
["src/shop/util/log.py",4]

=== computed with: a text function of a text function as the key
MATCH (f) WITH toUpper(substring(f.name, 0, 1)) AS k RETURN k, count(*) AS c ORDER BY c DESC, k LIMIT 4
--- columns ["k","c"]
--- rows
["S",10]
["U",6]
["A",5]
["B",5]

=== computed with: coalesce over texts, distinct values counted
MATCH (f:Function) WITH f, coalesce(f.docstring, f.name) AS d RETURN count(DISTINCT d) AS n
--- columns ["n"]
--- rows
[21]

=== computed with: a pattern count as a value
MATCH (f:Function) WITH f, COUNT { (f)-[:CALLS]->() } AS d WHERE d > 1 RETURN f.name AS n, d ORDER BY d DESC, n LIMIT 4
--- columns ["n","d"]
--- rows
["run",5]
["main",4]
["build",2]
["recursive",2]

=== computed with: carried through an expansion
MATCH (f:Function) WITH f, size(f.name) AS s WITH f, s MATCH (f)-[:CALLS]->(g) RETURN s, g.name AS n ORDER BY s DESC, n LIMIT 4
--- columns ["s","n"]
--- rows
[9,"User"]
[9,"ping"]
[9,"recursive"]
[7,"exported"]

=== computed with: null in gives null out
MATCH (f) WITH f, toUpper(f.docstring) AS d RETURN d IS NULL AS missing, count(*) AS c ORDER BY missing
--- columns ["missing","c"]
--- rows
[true,62]

=== computed with: converted there and back
MATCH (f:Function) WITH f, toInteger(toString(f.line_start)) + 1 AS l RETURN sum(l) AS s
--- columns ["s"]
--- rows
[361]

=== computed with: replace over module names
MATCH (m:Module) WITH replace(m.name, '.', '/') AS p RETURN p ORDER BY p LIMIT 3
--- columns ["p"]
--- rows
["app"]
["auth"]
["broken"]

=== computed with: abs and a renamed value
MATCH (f:Function) WITH f, abs(f.line_start - 30) AS d WITH f, d AS e WHERE e < 10 RETURN f.name AS n, e ORDER BY e, n LIMIT 4
--- columns ["n","e"]
--- rows
["build",1]
["main",3]
["shout",9]

=== computed with: an item that fails on some rows fails
MATCH (f:Function) WITH f, substring(f.name, 20 - f.line_start) AS s RETURN count(*) AS n
--- error INVALID_ARGUMENT

=== computed with: of two failing items, the first row's error
MATCH (f:Function) WITH f, substring(f.name, 7 - f.line_start) AS s, 1 / (f.line_start - 7) AS t RETURN count(*) AS n
--- error INVALID_ARGUMENT

=== computed with: a failing item nothing reads still fails
MATCH (f:Function) WITH f, 1 / (f.line_start - 7) AS t RETURN count(f) AS n
--- error INVALID_ARGUMENT
