# Aggregations over one hop that read the relationship only through
# type(r) and the ends not at all (or in count) are counted per type off the
# store (TypeCount): each direction (undirected counts an edge from both
# ends, a self loop once), labels on either end or both (one with no node),
# type lists, a type with no edge, WHERE on type(r), a WITH's WHERE, the
# spellings of the count. Expected answers from the row executor (the same
# queries through the previous build's CLI).

=== type count: every relationship by type, in the order a scan meets the types
MATCH ()-[r]->() RETURN type(r) AS t, count(*) AS c
--- columns ["t","c"]
--- rows
["CONTAINS",77]
["DEFINES",40]
["IMPORTS",16]
["CALLS",35]
["INHERITS",2]

=== type count: no aliases, count(r)
MATCH ()-[r]->() RETURN type(r), count(r)
--- columns ["type(r)","count(r)"]
--- rows
["CONTAINS",77]
["DEFINES",40]
["IMPORTS",16]
["CALLS",35]
["INHERITS",2]

=== type count: WITH then RETURN, ordered by the count
MATCH ()-[r]->() WITH type(r) AS t, count(*) AS c RETURN t, c ORDER BY c DESC, t
--- columns ["t","c"]
--- rows
["CONTAINS",77]
["DEFINES",40]
["CALLS",35]
["IMPORTS",16]
["INHERITS",2]

=== type count: incoming, top 2
MATCH ()<-[r]-() RETURN type(r) AS t, count(*) AS c ORDER BY c DESC LIMIT 2
--- columns ["t","c"]
--- rows
["CONTAINS",77]
["DEFINES",40]

=== type count: undirected counts each edge from both ends, the self loop of recursive once
MATCH ()-[r]-() RETURN type(r) AS t, count(*) AS c ORDER BY t
--- columns ["t","c"]
--- rows
["CALLS",69]
["CONTAINS",154]
["DEFINES",80]
["IMPORTS",32]
["INHERITS",4]

=== type count: undirected between Functions (the self loop once)
MATCH (a:Function)-[r:CALLS]-(b:Function) RETURN type(r) AS t, count(*) AS c
--- columns ["t","c"]
--- rows
["CALLS",19]

=== type count: a label on the near end
MATCH (a:Function)-[r]->(b) RETURN type(r) AS t, count(*) AS c ORDER BY t
--- columns ["t","c"]
--- rows
["CALLS",22]

=== type count: labels on the far end, one with no node
MATCH (a)-[r]->(b:Class|Interface) RETURN type(r) AS t, count(*) AS c ORDER BY t
--- columns ["t","c"]
--- rows
["CALLS",10]
["CONTAINS",6]
["DEFINES",6]
["INHERITS",2]

=== type count: labels on both ends
MATCH (a:Method)-[r]->(b:Function|Method) RETURN type(r) AS t, count(*) AS c ORDER BY t
--- columns ["t","c"]
--- rows
["CALLS",9]

=== type count: labels on both ends, undirected
MATCH (a:Module)-[r]-(b:Class|Function) RETURN type(r) AS t, count(*) AS c
--- columns ["t","c"]
--- rows
["DEFINES",27]
["CALLS",2]

=== type count: a type list
MATCH ()-[r:CALLS|IMPORTS]->() RETURN type(r) AS t, count(*) AS c ORDER BY t
--- columns ["t","c"]
--- rows
["CALLS",35]
["IMPORTS",16]

=== type count: a type with no edge: no group
MATCH ()-[r:IMPLEMENTS]->() RETURN type(r) AS t, count(*) AS c
--- columns ["t","c"]
--- rows

=== type count: a type with no edge, no key: 0
MATCH ()-[r:IMPLEMENTS]->(b:Class) RETURN count(r) AS n
--- columns ["n"]
--- rows
[0]

=== type count: a label with no node: no group
MATCH (a:Interface)-[r]->() RETURN type(r) AS t, count(*) AS c
--- columns ["t","c"]
--- rows

=== type count: a WHERE on type(r)
MATCH ()-[r]->() WHERE type(r) <> 'CALLS' RETURN type(r) AS t, count(*) AS c ORDER BY c DESC
--- columns ["t","c"]
--- rows
["CONTAINS",77]
["DEFINES",40]
["IMPORTS",16]
["INHERITS",2]

=== type count: a WITH's WHERE on the groups
MATCH ()-[r]->() WITH type(r) AS t, count(*) AS c WHERE c > 20 RETURN t, c ORDER BY t
--- columns ["t","c"]
--- rows
["CALLS",35]
["CONTAINS",77]
["DEFINES",40]

=== type count: the ends counted, the type counted distinct
MATCH (a)-[r:CALLS|INHERITS]->(b) RETURN type(r) AS t, count(a) AS x, count(b) AS y, count(DISTINCT type(r)) AS d
--- columns ["t","x","y","d"]
--- rows
["CALLS",35,35,1]
["INHERITS",2,2,1]

=== type count: per row of an UNWIND
UNWIND [1, 2] AS x MATCH (:Class)-[r]-() RETURN x, type(r) AS t, count(*) AS c
--- columns ["x","t","c"]
--- rows
[1,"CONTAINS",6]
[1,"DEFINES",19]
[1,"INHERITS",4]
[1,"CALLS",10]
[2,"CONTAINS",6]
[2,"DEFINES",19]
[2,"INHERITS",4]
[2,"CALLS",10]

=== type count: a label test in the WHERE joins the pattern
MATCH (a)-[r]->(b) WHERE a:Module RETURN type(r) AS t, count(*) AS c
--- columns ["t","c"]
--- rows
["DEFINES",27]
["IMPORTS",16]
["CALLS",2]

=== type count: a key computed from the type
MATCH ()-[r]->() RETURN toLower(type(r)) AS t, count(*) AS c ORDER BY c, t
--- columns ["t","c"]
--- rows
["inherits",2]
["imports",16]
["calls",35]
["defines",40]
["contains",77]

=== type count: one group of every type
MATCH (a:Class)-[r]->() RETURN count(*) AS n, count(DISTINCT type(r)) AS d
--- columns ["n","d"]
--- rows
[15,2]

=== type count: a property of an end is read: the hops are expanded
MATCH (a:Function)-[r]->(b) WHERE a.line_start > 10 RETURN type(r) AS t, count(*) AS c ORDER BY t
--- columns ["t","c"]
--- rows
["CALLS",11]
