# Pattern subqueries (Neo4j 5): COUNT { [MATCH] pattern [WHERE predicate] }
# counts the pattern's matches from the current row, EXISTS { ... } says
# whether there is one. The pattern may use the enclosing query's variables
# and introduce its own, visible only inside the braces. A one-hop pattern
# with no predicate is read off the CSR (DegreeCount): the count is the
# length of the node's neighbour range, or of the part of it that is one
# bound node.
=== COUNT subquery: the most called functions
MATCH (f:Function) RETURN f.qualified_name AS f, COUNT { (f)<-[:CALLS]-() } AS c ORDER BY c DESC, f LIMIT 3
--- columns ["f","c"]
--- rows
["shop.util.log.log",4]
["shop.services.auth.ping",2]
["shop.broken.helper",1]

=== COUNT subquery written from the far end, keyword in lower case
MATCH (f:Function) RETURN f.qualified_name AS f, count { ()-[:CALLS]->(f) } AS c ORDER BY c DESC, f LIMIT 3
--- columns ["f","c"]
--- rows
["shop.util.log.log",4]
["shop.services.auth.ping",2]
["shop.broken.helper",1]

=== COUNT subquery: any type, one type, another type
MATCH (f:Function {name: 'ping'}) RETURN COUNT { (f)--() } AS any_type, COUNT { (f)-[:CALLS]-() } AS calls, COUNT { (f)<-[:DEFINES]-() } AS defined
--- columns ["any_type","calls","defined"]
--- rows
[5,3,1]

=== COUNT subquery with its own variable and WHERE, and with MATCH
MATCH (f:Function {name: 'log'}) RETURN COUNT { (f)<-[:CALLS]-(g) WHERE g:Method } AS by_methods, COUNT { MATCH (f)<-[:CALLS]-(g:Function) } AS by_functions
--- columns ["by_methods","by_functions"]
--- rows
[4,0]

=== COUNT subquery of two hops counts paths
MATCH (f:Function {name: 'log'}) RETURN COUNT { (f)<-[:CALLS]-()<-[:CALLS]-() } AS two_steps
--- columns ["two_steps"]
--- rows
[6]

=== COUNT subquery between two bound nodes
MATCH (a:Function {name: 'ping'}), (b:Function {name: 'pong'}) RETURN COUNT { (a)-[:CALLS]->(b) } AS out, COUNT { (a)-[:CALLS]-(b) } AS either, COUNT { (b)-[:CALLS]->(b) } AS pong_loops
--- columns ["out","either","pong_loops"]
--- rows
[1,2,0]

=== COUNT subquery: an undirected self loop is one match
MATCH (f:Function {name: 'recursive'}) RETURN COUNT { (f)-[:CALLS]-(f) } AS loops, COUNT { (f)-[:CALLS]-() } AS undirected, COUNT { (f)-[:CALLS]->() } AS out
--- columns ["loops","undirected","out"]
--- rows
[1,2,2]

=== EXISTS subquery in WHERE
MATCH (f:Function) WHERE EXISTS { (f)-[:CALLS]->(:Method) } RETURN f.name AS f ORDER BY f
--- columns ["f"]
--- rows
["main"]
["run"]
["shout"]

=== NOT EXISTS subquery with MATCH and a WHERE on its own variable
MATCH (m:Module) WHERE NOT EXISTS { MATCH (m)-[:DEFINES]->(c:Class) WHERE c.name STARTS WITH 'A' } RETURN count(m) AS n
--- columns ["n"]
--- rows
[13]

=== COUNT subquery compared in WHERE
MATCH (f:Function) WHERE COUNT { (f)<-[:CALLS]-() } >= 2 RETURN f.name AS f ORDER BY f
--- columns ["f"]
--- rows
["log"]
["ping"]

=== COUNT subquery of a variable-length pattern counts its paths
MATCH (f:Function {name: 'main'}) RETURN COUNT { (f)-[:CALLS*1..2]->() } AS paths
--- columns ["paths"]
--- rows
[10]

=== COUNT subquery inside an aggregate
MATCH (f:Function) RETURN sum(COUNT { (f)<-[:CALLS]-() }) AS total
--- columns ["total"]
--- rows
[15]

=== the same total by matching
MATCH (f:Function)<-[:CALLS]-() RETURN count(*) AS total
--- columns ["total"]
--- rows
[15]

=== COUNT and EXISTS subqueries of a null node
OPTIONAL MATCH (x:Function {name: 'nope'}) RETURN COUNT { (x)-->() } AS n, EXISTS { (x)-->() } AS e
--- columns ["n","e"]
--- rows
[0,false]

=== COUNT subquery over no rows
MATCH (f:Function {name: 'nope'}) RETURN COUNT { (f)-->() } AS n
--- columns ["n"]
--- rows

=== COUNT subquery ordered with LIMIT 0
MATCH (f:Function) RETURN f.name AS f, COUNT { (f)<-[:CALLS]-() } AS c ORDER BY c DESC LIMIT 0
--- columns ["f","c"]
--- rows

=== a subquery's own variable is not visible after it
MATCH (f:Function) WITH f, COUNT { (f)-->(g) } AS c RETURN g
--- error CYPHER_SEMANTIC_ERROR

=== EXISTS subqueries with a WHERE on their own variable
MATCH (f:Function {name: 'log'}) RETURN EXISTS { (f)<-[:CALLS]-(g) WHERE g.name = 'login' } AS from_login, EXISTS { (f)<-[:CALLS]-(g) WHERE g.name = 'main' } AS from_main
--- columns ["from_login","from_main"]
--- rows
[true,false]

=== COUNT subquery with a label and a WHERE on the far end, ties ordered by name
MATCH (c:Class) RETURN c.name AS c, COUNT { (c)-[:DEFINES]->(m:Method) WHERE m.name <> '__init__' } AS methods ORDER BY methods DESC, c LIMIT 3
--- columns ["c","methods"]
--- rows
["Base",3]
["Admin",2]
["AuthService",2]

