# WHERE: comparisons, boolean logic with null, string predicates, regular
# expressions, lists, labels and pattern predicates.

=== equality on a property
MATCH (f:Function) WHERE f.name = 'build' RETURN f.qualified_name AS q
--- columns ["q"]
--- rows
["shop.services.auth.build"]

=== inequality
MATCH (c:Class) WHERE c.name <> 'User' RETURN c.name AS c ORDER BY c
--- columns ["c"]
--- rows
["Admin"]
["AuthService"]
["Base"]
["Formatter"]
["Repo"]

=== numeric range with AND
MATCH (f:Function) WHERE f.line_start >= 50 AND f.line_start < 60 RETURN f.name AS f, f.line_start AS line ORDER BY line
--- columns ["f","line"]
--- rows
["ping",50]
["pong",54]

=== chained comparison
MATCH (f:Function) WHERE 40 <= f.line_start <= 47 RETURN f.name AS f ORDER BY f
--- columns ["f"]
--- rows
["recursive"]
["shadowed"]

=== OR
MATCH (f:Function) WHERE f.name = 'a' OR f.name = 'b' RETURN f.qualified_name AS q ORDER BY q
--- columns ["q"]
--- rows
["shop.cycle_a.a"]
["shop.cycle_b.b"]

=== XOR
MATCH (m:Method) WHERE m.name STARTS WITH 'v' XOR m.class_name = 'User' RETURN m.qualified_name AS q ORDER BY q
--- columns ["q"]
--- rows
["shop.models.Base.validate"]
["shop.models.User.__init__"]

=== NOT
MATCH (p:Package) WHERE NOT p.name = 'shop' RETURN p.name AS p ORDER BY p
--- columns ["p"]
--- rows
["services"]
["star"]
["util"]

=== IS NULL on an absent property
MATCH (m:Module) WHERE m.all_names IS NULL AND m.name STARTS WITH 'c' RETURN m.name AS m ORDER BY m
--- columns ["m"]
--- rows
["cycle_a"]
["cycle_b"]

=== IS NOT NULL
MATCH (m:Module) WHERE m.all_names IS NOT NULL RETURN m.qualified_name AS m, m.all_names AS names
--- columns ["m","names"]
--- rows
["shop",["User","Admin","make_user"]]
["shop.star.listed",["exported"]]

=== IN a list
MATCH (f:Function) WHERE f.name IN ['ping', 'pong', 'nothing'] RETURN f.name AS f ORDER BY f
--- columns ["f"]
--- rows
["ping"]
["pong"]

=== IN a parameter list
MATCH (c:Class) WHERE c.name IN $names RETURN c.qualified_name AS c ORDER BY c
--- params {"names": ["Repo", "Admin"]}
--- columns ["c"]
--- rows
["shop.models.Admin"]
["shop.services.repo.Repo"]

=== STARTS WITH
MATCH (m:Module) WHERE m.qualified_name STARTS WITH 'shop.star' RETURN m.qualified_name AS m ORDER BY m
--- columns ["m"]
--- rows
["shop.star"]
["shop.star.listed"]
["shop.star.plain"]
["shop.star.user"]

=== ENDS WITH
MATCH (n:Method) WHERE n.qualified_name ENDS WITH '.get' RETURN n.qualified_name AS n ORDER BY n
--- columns ["n"]
--- rows
["shop.models.Base.get"]
["shop.services.repo.Repo.get"]

=== CONTAINS
MATCH (f:Function) WHERE f.qualified_name CONTAINS 'cycle' RETURN f.qualified_name AS f ORDER BY f
--- columns ["f"]
--- rows
["shop.cycle_a.a"]
["shop.cycle_b.b"]

=== regular expression (whole string)
MATCH (f:Function) WHERE f.name =~ 'p[io]ng' RETURN f.name AS f ORDER BY f
--- columns ["f"]
--- rows
["ping"]
["pong"]

=== regular expression is anchored
MATCH (f:Function) WHERE f.name =~ 'in' RETURN count(*) AS n
--- columns ["n"]
--- rows
[0]

=== regular expression case-insensitive flag
MATCH (c:Class) WHERE c.name =~ '(?i)admin|user' RETURN c.name AS c ORDER BY c
--- columns ["c"]
--- rows
["Admin"]
["User"]

=== label predicate in WHERE
MATCH (:Function {name: 'run'})-[:CALLS]->(x) WHERE x:Method RETURN x.qualified_name AS x
--- columns ["x"]
--- rows
["shop.models.User.validate"]
["shop.services.auth.AuthService.login"]

=== pattern predicate: functions that call something
MATCH (f:Function) WHERE (f)-[:CALLS]->() AND f.qualified_name STARTS WITH 'shop.services' RETURN f.name AS f ORDER BY f
--- columns ["f"]
--- rows
["build"]
["main"]
["ping"]
["pong"]
["recursive"]

=== negated pattern predicate: functions never called
MATCH (f:Function) WHERE NOT (f)<-[:CALLS]-() RETURN f.name AS f ORDER BY f
--- columns ["f"]
--- rows
["_private"]
["broken"]
["fine"]
["get"]
["make_user"]
["run"]
["shadowed"]
["shout"]
["unlisted"]
["use_all"]

=== exists() with a pattern
MATCH (c:Class) WHERE exists((c)<-[:INHERITS]-()) RETURN c.name AS c
--- columns ["c"]
--- rows
["Base"]
["User"]

=== exists() with a property
MATCH (m:Module) WHERE exists(m.all_names) RETURN m.name AS m
--- columns ["m"]
--- rows
["shop"]
["listed"]

=== pattern predicate between two bound nodes
MATCH (a:Function {name: 'ping'}), (b:Function) WHERE (a)-[:CALLS]->(b) RETURN b.name AS b
--- columns ["b"]
--- rows
["pong"]

=== comparison with null is not true
MATCH (m:Module) WHERE m.all_names = null RETURN count(*) AS n
--- columns ["n"]
--- rows
[0]

=== null OR true keeps the row
MATCH (m:Module {name: 'util'}) WHERE m.all_names > 1 OR true RETURN m.qualified_name AS m
--- columns ["m"]
--- rows
["shop.util"]

=== boolean property
MATCH (m:Module) WHERE m.has_all = true RETURN m.qualified_name AS m
--- columns ["m"]
--- rows
["shop"]
["shop.star.listed"]

=== WHERE on a relationship variable
MATCH (a)-[r:CALLS]->(b) WHERE r.line > 40 RETURN a.name AS a, b.name AS b, r.line AS line ORDER BY line
--- columns ["a","b","line"]
--- rows
["recursive","recursive",46]
["recursive","ping",47]
["ping","pong",51]
["pong","ping",55]
["auth","main",58]

=== WHERE comparing two variables
MATCH (a:Function)-[:CALLS]->(b:Function) WHERE a.line_start > b.line_start RETURN a.name AS a, b.name AS b ORDER BY a, b
--- columns ["a","b"]
--- rows
["main","build"]
["pong","ping"]
["use_all","exported"]
["use_all","public"]
