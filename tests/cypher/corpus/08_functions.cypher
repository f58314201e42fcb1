# Every function of the subset.

=== labels
MATCH (n {qualified_name: 'shop.util.log'}) RETURN labels(n) AS l ORDER BY l
--- columns ["l"]
--- rows
[["Module"]]

=== type
MATCH (:Module {name: 'log'})-[r]->(x) RETURN DISTINCT type(r) AS t ORDER BY t
--- columns ["t"]
--- rows
["CALLS"]
["DEFINES"]
["IMPORTS"]

=== keys of a node
MATCH (c:Class {name: 'Formatter'}) RETURN keys(c) AS k
--- columns ["k"]
--- rows
[["qualified_name","name","file_path","line_start","line_end","byte_start","byte_end","language"]]

=== keys of a map
RETURN keys({b: 1, a: 2}) AS k
--- columns ["k"]
--- rows
[["b","a"]]

=== properties of a relationship
MATCH (:Function {name: 'build'})-[r:CALLS]->(:Class {name: 'Repo'}) RETURN properties(r) AS p
--- columns ["p"]
--- rows
[{"call_type":"constructor","line":30}]

=== properties of a node
MATCH (p:Package {name: 'util'}) RETURN properties(p) AS p
--- columns ["p"]
--- rows
[{"qualified_name":"shop.util","name":"util","path":"src/shop/util"}]

=== length of a path and of a string
MATCH p = (:Function {name: 'main'})-[:CALLS*3]->() RETURN length(p) AS a, length('four') AS b LIMIT 1
--- columns ["a","b"]
--- rows
[3,4]

=== size of a list and of a string
RETURN size([1, 2, 3]) AS a, size('hello') AS b, size([]) AS c, size(null) AS d
--- columns ["a","b","c","d"]
--- rows
[3,5,0,null]

=== nodes and relationships
MATCH p = (:Function {name: 'fine'})-[:CALLS]->() RETURN size(nodes(p)) AS n, size(relationships(p)) AS r
--- columns ["n","r"]
--- rows
[2,1]

=== startNode and endNode names
MATCH (:Method {name: 'logout'})-[r:CALLS]->() RETURN startNode(r).qualified_name AS s, endNode(r).qualified_name AS e
--- columns ["s","e"]
--- rows
["shop.services.auth.AuthService.logout","shop.services.repo.Repo.get"]

=== coalesce
MATCH (m:Module {name: 'util'}) RETURN coalesce(m.all_names, m.path, 'none') AS c, coalesce(null, null) AS d
--- columns ["c","d"]
--- rows
["src/shop/util/__init__.py",null]

=== toLower and toUpper
RETURN toLower('MiXeD') AS l, toUpper('MiXeD') AS u, toLower(null) AS n
--- columns ["l","u","n"]
--- rows
["mixed","MIXED",null]

=== toString
RETURN toString(42) AS a, toString(2.5) AS b, toString(true) AS c, toString('s') AS d, toString(1.0) AS e
--- columns ["a","b","c","d","e"]
--- rows
["42","2.5","true","s","1.0"]

=== toInteger
RETURN toInteger('42') AS a, toInteger(3.9) AS b, toInteger('2.7') AS c, toInteger('x') AS d, toInteger(-3.9) AS e
--- columns ["a","b","c","d","e"]
--- rows
[42,3,2,null,-3]

=== toFloat
RETURN toFloat('2.5') AS a, toFloat(3) AS b, toFloat('nope') AS c
--- columns ["a","b","c"]
--- rows
[2.5,3.0,null]

=== substring
RETURN substring('hello', 1, 3) AS a, substring('hello', 2) AS b, substring('hi', 5) AS c
--- columns ["a","b","c"]
--- rows
["ell","llo",""]

=== split
RETURN split('shop.util.log', '.') AS a, split('a', ',') AS b
--- columns ["a","b"]
--- rows
[["shop","util","log"],["a"]]

=== split a qualified name
MATCH (f:Function {name: 'shout'}) RETURN split(f.qualified_name, '.')[1] AS package
--- columns ["package"]
--- rows
["util"]

=== trim
RETURN trim('  x y  ') AS t
--- columns ["t"]
--- rows
["x y"]

=== replace
RETURN replace('a.b.c', '.', '/') AS r, replace('aaa', 'a', 'bb') AS s
--- columns ["r","s"]
--- rows
["a/b/c","bbbbbb"]

=== abs
RETURN abs(-3) AS a, abs(2.5) AS b, abs(-0.5) AS c
--- columns ["a","b","c"]
--- rows
[3,2.5,0.5]

=== head and last
RETURN head([1, 2, 3]) AS h, last([1, 2, 3]) AS l, head([]) AS e
--- columns ["h","l","e"]
--- rows
[1,3,null]

=== range
RETURN range(0, 4) AS a, range(5, 1, -2) AS b, range(1, 0) AS c
--- columns ["a","b","c"]
--- rows
[[0,1,2,3,4],[5,3,1],[]]

=== function names are case-insensitive
RETURN TOUPPER('a') AS a, Size([1]) AS b
--- columns ["a","b"]
--- rows
["A",1]

=== wrong argument type
RETURN toUpper(1) AS x
--- error INVALID_ARGUMENT
# toUpper() expects a string but got INTEGER

=== wrong number of arguments
RETURN substring('a') AS x
--- error CYPHER_SEMANTIC_ERROR
# substring() takes 2 to 3 arguments, not 1 (line 1, column 8)

=== decorators list property
MATCH (m:Method) WHERE size(m.decorators) > 0 RETURN m.qualified_name AS m, m.decorators AS d ORDER BY m
--- columns ["m","d"]
--- rows
["shop.models.Admin.create",["classmethod"]]
["shop.models.Admin.rules",["staticmethod"]]

=== string functions in a WHERE
MATCH (c:Class) WHERE toLower(c.name) STARTS WITH 'a' RETURN c.name AS c ORDER BY c
--- columns ["c"]
--- rows
["Admin"]
["AuthService"]
