# Batched keys (cypher/src/batch/): relationship properties as columns,
# keys that read only a label or a type, keys of one word (ids, integers,
# two ids packed), integer aggregates compared by the top k, a WITH's
# WHERE tested on the groups, collect. Expected answers from the row executor (the
# build before these were batched).

=== batched keys: relationships grouped by a relationship property
MATCH (a)-[r:CALLS]->(b) RETURN r.call_type AS t, count(*) AS n ORDER BY n DESC, t
--- columns ["t","n"]
--- rows
["direct",15]
["constructor",10]
["method",10]

=== batched keys: a filter on a relationship property and a column
MATCH (a)-[r:CALLS]->(b) WHERE r.line > a.line_start + 1 RETURN a.name AS a, b.name AS b, r.line AS l ORDER BY l, a, b
--- columns ["a","b","l"]
--- rows
["run","validate",8]
["save","validate",8]
["use_all","public",8]
["run","AuthService",9]
["run","Repo",9]
["run","login",9]
["login","save",17]
["log","Formatter",18]
["login","log",18]
["login","log",19]
["validate","validate",23]
["logout","get",26]
["main","login",35]
["main","Repo",36]
["main","get",37]
["recursive","recursive",46]
["recursive","ping",47]
["auth","main",58]

=== batched keys: min, max and distinct count of relationship properties
MATCH (a)-[r:CALLS|IMPORTS]->(b) RETURN type(r) AS t, min(r.line) AS lo, max(r.line) AS hi, count(DISTINCT r.call_type) AS d ORDER BY t
--- columns ["t","lo","hi","d"]
--- rows
["CALLS",2,58,3]
["IMPORTS",null,null,0]

=== batched keys: a relationship property reached backwards
MATCH (b:Function)<-[r:CALLS]-(a) RETURN b.name AS b, max(r.line) AS m ORDER BY m DESC, b LIMIT 4
--- columns ["b","m"]
--- rows
["main",58]
["ping",55]
["pong",51]
["recursive",46]

=== batched keys: nodes grouped by labels(n), in the order groups were first seen
MATCH (n) RETURN labels(n) AS l, count(*) AS c
--- columns ["l","c"]
--- rows
[["Project"],1]
[["Package"],4]
[["ExternalPackage"],2]
[["Module"],15]
[["Class"],6]
[["Function"],21]
[["Method"],13]

=== batched keys: labels(n)[0] and type(r) as keys of a top k
MATCH (n)-[r]->(m) RETURN labels(n)[0] AS l, type(r) AS t, count(*) AS c ORDER BY c DESC, l, t LIMIT 5
--- columns ["l","t","c"]
--- rows
["Project","CONTAINS",59]
["Module","DEFINES",27]
["Function","CALLS",22]
["Package","CONTAINS",18]
["Module","IMPORTS",16]

=== batched keys: DISTINCT of an expression over labels
MATCH (n) RETURN DISTINCT toLower(head(labels(n))) AS l ORDER BY l
--- columns ["l"]
--- rows
["class"]
["externalpackage"]
["function"]
["method"]
["module"]
["package"]
["project"]

=== batched keys: two text keys (packed ids), with a null in one of them
MATCH (f) WHERE f:Function OR f:Class RETURN f.file_path AS p, f.docstring AS d, count(*) AS c ORDER BY c DESC, p, d LIMIT 6
--- columns ["p","d","c"]
--- rows
["src/shop/services/auth.py",null,7]
["src/shop/util/log.py",null,4]
["src/shop/broken.py",null,3]
["src/shop/models.py",null,3]
["src/shop/star/listed.py",null,2]
["src/shop/star/plain.py",null,2]

=== batched keys: an integer key
MATCH (f:Function) RETURN f.line_end - f.line_start AS span, count(*) AS c ORDER BY c DESC, span LIMIT 4
--- columns ["span","c"]
--- rows
[1,16]
[3,2]
[4,2]
[2,1]

=== batched keys: the top k by a max with nulls first when descending
MATCH (n) RETURN n.file_path AS p, max(n.complexity) AS m ORDER BY m DESC, p LIMIT 4
--- columns ["p","m"]
--- rows
["src/shop/services/__init__.py",null]
["src/shop/star/__init__.py",null]
["src/shop/util/__init__.py",null]
[null,null]

=== batched keys: the top k by a min ascending
MATCH (f:Function|Method) RETURN f.name AS n, min(f.line_start) AS m ORDER BY m, n LIMIT 4
--- columns ["n","m"]
--- rows
["fine",1]
["public",1]
["a",4]
["b",4]

=== batched keys: a WITH's WHERE over a count tests the groups
MATCH (a)-[:CALLS]->(b) WITH b.name AS n, count(*) AS c WHERE c >= 2 RETURN n, c ORDER BY c DESC, n
--- columns ["n","c"]
--- rows
["log",4]
["Repo",3]
["User",3]
["validate",3]
["AuthService",2]
["get",2]
["login",2]
["ping",2]

=== batched keys: a WITH's WHERE reading a key and an aggregate
MATCH (f:Function|Method) WITH f.file_path AS p, count(*) AS c, max(f.line_end) AS m WHERE p ENDS WITH 'auth.py' OR m > 50 RETURN p, c, m ORDER BY p
--- columns ["p","c","m"]
--- rows
["src/shop/services/auth.py",9,55]

=== batched keys: a WITH's WHERE that fails on a group fails the query
MATCH (f:Function) WITH f.file_path AS p, count(*) AS c WHERE 6 / (c - 1) > 1 RETURN p
--- error INVALID_ARGUMENT
# Division by zero

=== batched keys: collect keeps its rows' order and skips nulls
MATCH (m:Module)-[:DEFINES]->(f) RETURN m.name AS m, collect(f.name) AS names, collect(f.docstring) AS docs, collect(f.is_async) AS a ORDER BY m LIMIT 4
--- columns ["m","names","docs","a"]
--- rows
["app",["run"],[],[false]]
["auth",["AuthService","build","main","shadowed","recursive","ping","pong"],[],[false,false,false,false,false,false]]
["broken",["fine","broken","helper"],[],[false,false,false]]
["cycle_a",["a"],[],[false]]

=== batched keys: collect of nodes and of relationship properties
MATCH (a:Function)-[r:CALLS]->(b) RETURN a.name AS a, collect(r.line) AS lines, size(collect(b)) AS n ORDER BY n DESC, a LIMIT 3
--- columns ["a","lines","n"]
--- rows
["run",[7,9,9,8,9],5]
["main",[36,34,35,37],4]
["build",[30,30],2]

=== batched keys: sum, avg, min and max with no keys
MATCH (f:Function|Method) RETURN sum(f.line_end - f.line_start) AS s, avg(f.line_start) AS a, min(f.complexity) AS lo, max(f.complexity) AS hi
--- columns ["s","a","lo","hi"]
--- rows
[55,16.029411764705884,1,2]

=== batched keys: a top k by a property of a returned node
MATCH (f:Function) RETURN f.qualified_name AS q, f ORDER BY f.line_start DESC, q LIMIT 3
--- columns ["q","f"]
--- rows
["shop.services.auth.pong",{"label":"Function","qualified_name":"shop.services.auth.pong","name":"pong","node_id":"faa8694d20942c26","file_path":"src/shop/services/auth.py","line_start":54,"line_end":55,"byte_start":976,"byte_end":1007,"language":"python","is_async":false,"complexity":1}]
["shop.services.auth.ping",{"label":"Function","qualified_name":"shop.services.auth.ping","name":"ping","node_id":"58e9db27317a4eeb","file_path":"src/shop/services/auth.py","line_start":50,"line_end":51,"byte_start":942,"byte_end":973,"language":"python","is_async":false,"complexity":1}]
["shop.services.auth.recursive",{"label":"Function","qualified_name":"shop.services.auth.recursive","name":"recursive","node_id":"e06fef93d366ce90","file_path":"src/shop/services/auth.py","line_start":44,"line_end":47,"byte_start":861,"byte_end":939,"language":"python","is_async":false,"complexity":2}]

=== batched keys: WITH a node ORDER BY its property LIMIT k
MATCH (f:Function|Method) WITH f ORDER BY f.line_end DESC, f.qualified_name LIMIT 4 RETURN f.qualified_name AS q, f.line_end AS n
--- columns ["q","n"]
--- rows
["shop.services.auth.pong",55]
["shop.services.auth.ping",51]
["shop.services.auth.recursive",47]
["shop.services.auth.shadowed",41]

=== batched keys: a renamed node as the sort key's variable, with SKIP
MATCH (a)-[:CALLS]->(b) WITH b AS callee, a ORDER BY callee.name DESC, a.name SKIP 1 LIMIT 3 RETURN callee.name AS b, a.name AS a
--- columns ["b","a"]
--- rows
["validate","save"]
["validate","validate"]
["save","login"]

=== batched keys: collect(DISTINCT) keeps each value once, per group (list order is left to the differential test: Kùzu orders lists its own way)
MATCH (a)-[:CALLS]->(b) RETURN a.file_path AS f, size(collect(DISTINCT b.name)) AS n, 'log' IN collect(DISTINCT b.name) AS logs ORDER BY f
--- columns ["f","n","logs"]
--- rows
["src/shop/__init__.py",1,false]
["src/shop/app.py",5,false]
["src/shop/broken.py",1,false]
["src/shop/cycle_a.py",1,false]
["src/shop/cycle_b.py",1,false]
["src/shop/models.py",3,true]
["src/shop/services/auth.py",12,true]
["src/shop/services/repo.py",1,false]
["src/shop/star/user.py",2,false]
["src/shop/util/log.py",2,false]

=== batched keys: collect(DISTINCT) of nodes and of a text with nulls, no keys
MATCH (f:Function|Method) RETURN size(collect(DISTINCT f)) AS n, collect(DISTINCT f.docstring) AS docs
--- columns ["n","docs"]
--- rows
[34,[]]
