# Expressions over batch columns (cypher/src/batch/function_vec.cpp,
# case_vec.cpp): CASE, integer division and remainder, concatenation,
# float arithmetic, their errors. Expected answers from the build before.

=== batched expressions: CASE as a grouping key
MATCH (f:Function) RETURN CASE WHEN f.line_end - f.line_start > 2 THEN 'long' ELSE 'short' END AS k, count(*) AS c ORDER BY k
--- columns ["k","c"]
--- rows
["long",4]
["short",17]

=== batched expressions: simple CASE without ELSE (null group)
MATCH (f:Function) RETURN CASE f.line_start % 3 WHEN 0 THEN 'zero' WHEN 1 THEN 'one' END AS k, count(*) AS c ORDER BY k
--- columns ["k","c"]
--- rows
["one",10]
["zero",5]
[null,6]

=== batched expressions: a CASE branch is evaluated only where it is taken
MATCH (f:Function) RETURN CASE WHEN f.line_start > 7 THEN 100 / (f.line_start - 7) ELSE 0 END AS k ORDER BY k DESC LIMIT 3
--- columns ["k"]
--- rows
[100]
[50]
[7]

=== batched expressions: integer division and remainder
MATCH (f:Function) RETURN f.line_start / 5 AS b, f.line_start % 5 AS r, count(*) AS c ORDER BY b, r LIMIT 5
--- columns ["b","r","c"]
--- rows
[0,1,2]
[0,4,5]
[1,0,2]
[1,1,1]
[1,2,2]

=== batched expressions: text and integer concatenated
MATCH (f:Function) RETURN f.name + '@' + f.line_start AS k ORDER BY k LIMIT 3
--- columns ["k"]
--- rows
["_private@5"]
["a@4"]
["b@4"]

=== batched expressions: float division
MATCH (f:Function) RETURN toFloat(f.line_end - f.line_start) / 2 AS h, count(*) AS c ORDER BY h DESC LIMIT 3
--- columns ["h","c"]
--- rows
[2.0,2]
[1.5,2]
[1.0,1]

=== batched expressions: division by zero fails
MATCH (f:Function) RETURN sum(f.line_end / (f.line_start - 7)) AS s
--- error INVALID_ARGUMENT

=== batched expressions: size of a concatenation
MATCH (f:Function) RETURN size(f.name + f.file_path) AS n ORDER BY n DESC LIMIT 2
--- columns ["n"]
--- rows
[34]
[33]

=== batched expressions: coalesce over a CASE without ELSE
MATCH (f:Function) RETURN coalesce(CASE WHEN f.line_start > 30 THEN f.name END, '-') AS k, count(*) AS c ORDER BY c DESC, k LIMIT 3
--- columns ["k","c"]
--- rows
["-",16]
["main",1]
["ping",1]

=== batched expressions: UNWIND of a literal list of properties
MATCH (f:Function) UNWIND [f.line_start, f.line_end] AS l RETURN max(l) AS m, min(l) AS n, count(*) AS c
--- columns ["m","n","c"]
--- rows
[55,1,42]

=== batched expressions: UNWIND with a null item, texts counted distinct
MATCH (f:Function) UNWIND [f.name, null, f.file_path] AS x RETURN count(x) AS n, count(*) AS r, count(DISTINCT x) AS d
--- columns ["n","r","d"]
--- rows
[42,63,31]

=== batched expressions: UNWIND of a computed list runs row by row
MATCH (m:Module) UNWIND split(m.name, '.') AS part RETURN part, count(*) AS c ORDER BY c DESC, part LIMIT 3
--- columns ["part","c"]
--- rows
["app",1]
["auth",1]
["broken",1]

=== batched expressions: UNWIND whose item fails
MATCH (f:Function) UNWIND [f.line_start, 10 / (f.line_start - 7)] AS x RETURN sum(x) AS s
--- error INVALID_ARGUMENT

=== batched expressions: count(DISTINCT) of nodes by a computed key
MATCH (f:Function)-[:CALLS]->(g) RETURN f.line_start % 2 AS k, count(DISTINCT g) AS d ORDER BY k
--- columns ["k","d"]
--- rows
[0,10]
[1,10]
