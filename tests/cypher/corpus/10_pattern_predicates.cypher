# Pattern predicates (`WHERE (a)-[:CALLS]->(b)`, `exists(pattern)`): each is
# its own uniqueness scope, as in openCypher (a MATCH's uniqueness scope
# leaves out what its WHERE only references) and Neo4j (an existential
# subquery matches in its own scope): the predicate's relationships are
# distinct among themselves, but may be ones the outer MATCH bound.
# `recursive` calls itself once (line 46); ping and pong call each other.

=== a pattern predicate may use the relationship the outer MATCH bound
MATCH (f:Function {name: 'recursive'})-[r:CALLS]->(f) WHERE (f)-[:CALLS]->(f) RETURN r.line AS line
--- columns ["line"]
--- rows
[46]

=== every match of a mutual call, the predicate reusing the outer relationship on the self-loop
MATCH (a:Function)-[r:CALLS]->(b:Function) WHERE exists((b)-[:CALLS]->(a)) RETURN a.name AS a, b.name AS b, r.line AS line ORDER BY a, b
--- columns ["a","b","line"]
--- rows
["a","b",5]
["b","a",5]
["ping","pong",51]
["pong","ping",55]
["recursive","recursive",46]

=== a two-step predicate walks the outer relationship again
MATCH (a:Function {name: 'ping'})-[r:CALLS]->(b) WHERE (a)-[:CALLS]->(b)-[:CALLS]->(a) RETURN b.name AS b, r.line AS line
--- columns ["b","line"]
--- rows
["pong",51]

=== relationships within one predicate are distinct: the self-loop is not walked twice
MATCH (f:Function {name: 'recursive'}) WHERE (f)-[:CALLS]->()-[:CALLS]->(f) RETURN f.name AS f
--- columns ["f"]
--- rows

=== a variable-length predicate is a trail: cycles of two calls, not the self-loop twice
MATCH (f:Function) WHERE (f)-[:CALLS*2]->(f) RETURN f.name AS f ORDER BY f
--- columns ["f"]
--- rows
["a"]
["b"]
["ping"]
["pong"]

=== a property map on an anonymous node of the predicate
MATCH (m:Method) WHERE (m)-[:CALLS]->(:Method {name: 'find'}) RETURN m.qualified_name AS m
--- columns ["m"]
--- rows
["shop.services.auth.AuthService.login"]

=== exists(pattern) as a value in RETURN and a grouping key after WITH
MATCH (f:Function) WITH exists((f)<-[:CALLS]-()) AS called RETURN called, count(*) AS n ORDER BY called
--- columns ["called","n"]
--- rows
[false,10]
[true,11]

=== an unaliased pattern predicate is named by its pattern
MATCH (f:Function {name: 'ping'}) RETURN exists((f)-[:CALLS]->(:Function))
--- columns ["exists((f)-[:CALLS]->(:Function))"]
--- rows
[true]
