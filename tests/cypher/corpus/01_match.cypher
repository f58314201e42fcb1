# MATCH: labels, label alternatives, property maps, directions, types,
# type alternatives, several pattern parts, repeated variables, uniqueness.

=== count of every node
MATCH (n) RETURN count(*) AS n
--- columns ["n"]
--- rows
[62]

=== count of nodes per label
MATCH (n) RETURN labels(n)[0] AS label, count(*) AS n ORDER BY label
--- columns ["label","n"]
--- rows
["Class",6]
["ExternalPackage",2]
["Function",21]
["Method",13]
["Module",15]
["Package",4]
["Project",1]

=== label scan of classes
MATCH (c:Class) RETURN c.qualified_name AS class ORDER BY class
--- columns ["class"]
--- rows
["shop.models.Admin"]
["shop.models.Base"]
["shop.models.User"]
["shop.services.auth.AuthService"]
["shop.services.repo.Repo"]
["shop.util.log.Formatter"]

=== label alternatives
MATCH (n:Class|Interface) RETURN n.name AS name ORDER BY name
--- columns ["name"]
--- rows
["Admin"]
["AuthService"]
["Base"]
["Formatter"]
["Repo"]
["User"]

=== label conjunction of two labels matches nothing (one label per node)
MATCH (n:Class:Function) RETURN count(*) AS n
--- columns ["n"]
--- rows
[0]

=== qualified_name property map anchors on the index
MATCH (f:Function {qualified_name: 'shop.util.log.log'}) RETURN f.name AS name, f.line_start AS line
--- columns ["name","line"]
--- rows
["log",4]

=== qualified_name shared by a Package and a Module
MATCH (n {qualified_name: 'shop.services'}) RETURN labels(n) AS labels ORDER BY labels
--- columns ["labels"]
--- rows
[["Module"]]
[["Package"]]

=== name property map on any label
MATCH (n {name: 'get'}) RETURN n.qualified_name AS q ORDER BY q
--- columns ["q"]
--- rows
["shop.models.Base.get"]
["shop.services.repo.Repo.get"]
["shop.util.log.get"]

=== name and label together
MATCH (m:Method {name: 'validate'}) RETURN m.qualified_name AS q ORDER BY q
--- columns ["q"]
--- rows
["shop.models.Base.validate"]
["shop.models.User.validate"]

=== outgoing relationships
MATCH (:Function {name: 'main'})-[:CALLS]->(g) RETURN g.qualified_name AS callee ORDER BY callee
--- columns ["callee"]
--- rows
["shop.services.auth.AuthService.login"]
["shop.services.auth.build"]
["shop.services.repo.Repo"]
["shop.services.repo.Repo.get"]

=== incoming relationships
MATCH (f {qualified_name: 'shop.models.User'})<-[:CALLS]-(g) RETURN g.qualified_name AS caller ORDER BY caller
--- columns ["caller"]
--- rows
["shop.app.run"]
["shop.make_user"]
["shop.services.repo.Repo.find"]

=== undirected relationships see both ends
MATCH (a:Function {name: 'ping'})-[:CALLS]-(b) RETURN b.name AS other ORDER BY other
--- columns ["other"]
--- rows
["pong"]
["pong"]
["recursive"]

=== parallel edges are separate matches
MATCH (:Method {name: 'login'})-[r:CALLS]->(:Function {name: 'log'}) RETURN r.line AS line ORDER BY line
--- columns ["line"]
--- rows
[18]
[19]

=== relationship type alternatives
MATCH (:Class {name: 'Admin'})-[r:INHERITS|DEFINES]->(x) RETURN type(r) AS t, x.name AS x ORDER BY t, x
--- columns ["t","x"]
--- rows
["DEFINES","create"]
["DEFINES","rules"]
["INHERITS","User"]

=== any relationship type
MATCH (m:Module {qualified_name: 'shop.cycle_a'})-[r]->(x) RETURN type(r) AS t, x.qualified_name AS x ORDER BY t, x
--- columns ["t","x"]
--- rows
["DEFINES","shop.cycle_a.a"]
["IMPORTS","shop.cycle_b"]

=== relationship property map
MATCH (a)-[:CALLS {call_type: 'constructor'}]->(c:Class) RETURN a.name AS caller, c.name AS class ORDER BY caller, class
--- columns ["caller","class"]
--- rows
["build","AuthService"]
["build","Repo"]
["create","Admin"]
["find","User"]
["log","Formatter"]
["main","Repo"]
["make_user","User"]
["run","AuthService"]
["run","Repo"]
["run","User"]

=== relationship properties read
MATCH (:Function {name: 'shout'})-[r:CALLS]->(m) RETURN r.call_type AS kind, r.line AS line, m.qualified_name AS m
--- columns ["kind","line","m"]
--- rows
["method",22,"shop.util.log.Formatter.__call__"]

=== two-hop chain
MATCH (a:Function {name: 'run'})-[:CALLS]->(b)-[:CALLS]->(c) RETURN b.name AS b, c.qualified_name AS c ORDER BY b, c
--- columns ["b","c"]
--- rows
["login","shop.models.Base.save"]
["login","shop.services.repo.Repo.find"]
["login","shop.util.log.log"]
["login","shop.util.log.log"]
["validate","shop.models.Base.validate"]
["validate","shop.util.log.log"]

=== two-hop DISTINCT callers of callers
MATCH (f:Function {qualified_name: 'shop.util.log.log'})<-[:CALLS]-()<-[:CALLS]-(g) RETURN DISTINCT g.qualified_name AS g ORDER BY g
--- columns ["g"]
--- rows
["shop.app.run"]
["shop.services.auth.AuthService.login"]
["shop.services.auth.main"]

=== a cycle closes on a repeated variable
MATCH (a:Function)-[:CALLS]->(b:Function)-[:CALLS]->(a) RETURN a.name AS a, b.name AS b ORDER BY a
--- columns ["a","b"]
--- rows
["a","b"]
["b","a"]
["ping","pong"]
["pong","ping"]

=== self loop
MATCH (f)-[:CALLS]->(f) RETURN f.qualified_name AS f
--- columns ["f"]
--- rows
["shop.services.auth.recursive"]

=== relationships in one MATCH are distinct
MATCH (f {name: 'recursive'})-[r1:CALLS]->(x)-[r2:CALLS]->(y) RETURN x.name AS x, y.name AS y ORDER BY x, y
--- columns ["x","y"]
--- rows
["ping","pong"]
["recursive","ping"]

=== comma-separated parts joined on a shared variable
MATCH (m:Module)-[:DEFINES]->(f:Function), (f)-[:CALLS]->(g:Function) WHERE m.name = 'auth' RETURN f.name AS f, g.name AS g ORDER BY f, g
--- columns ["f","g"]
--- rows
["main","build"]
["ping","pong"]
["pong","ping"]
["recursive","ping"]
["recursive","recursive"]

=== comma-separated parts without shared variables make a product
MATCH (a:Project), (b:ExternalPackage) RETURN a.name AS a, b.name AS b ORDER BY b
--- columns ["a","b"]
--- rows
["shop","os"]
["shop","typing"]

=== later MATCH extends earlier variables
MATCH (c:Class {name: 'User'}) MATCH (c)-[:DEFINES]->(m) RETURN m.name AS method ORDER BY method
--- columns ["method"]
--- rows
["__init__"]
["validate"]

=== label check on a bound variable
MATCH (x)<-[:CALLS]-(:Method {name: 'login'}) MATCH (x:Method) RETURN x.qualified_name AS x ORDER BY x
--- columns ["x"]
--- rows
["shop.models.Base.save"]
["shop.services.repo.Repo.find"]

=== end node label filters the expansion
MATCH (:Function {name: 'run'})-[:CALLS]->(c:Class) RETURN c.name AS c ORDER BY c
--- columns ["c"]
--- rows
["AuthService"]
["Repo"]
["User"]

=== no match gives no rows
MATCH (f:Function {name: 'does_not_exist'}) RETURN f
--- columns ["f"]
--- rows

=== node property map with a parameter
MATCH (f:Function {qualified_name: $q}) RETURN f.name AS name
--- params {"q": "shop.services.auth.main"}
--- columns ["name"]
--- rows
["main"]

=== parameter map as a property map
MATCH (f $props) RETURN f.qualified_name AS q
--- params {"props": {"name": "pong", "line_start": 54}}
--- columns ["q"]
--- rows
["shop.services.auth.pong"]
