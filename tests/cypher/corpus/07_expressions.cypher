# Expressions: arithmetic, string concatenation, lists, maps, indexing,
# slicing, comprehensions, CASE, parameters, null propagation.

=== integer arithmetic
RETURN 7 + 3 AS a, 7 - 10 AS b, 6 * 7 AS c, 7 / 2 AS d, 7 % 3 AS e, -7 / 2 AS f
--- columns ["a","b","c","d","e","f"]
--- rows
[10,-3,42,3,1,-3]

=== float arithmetic
RETURN 7.0 / 2 AS a, 2 ^ 10 AS b, 1.5 * 2 AS c, 7.5 % 2 AS d
--- columns ["a","b","c","d"]
--- rows
[3.5,1024.0,3.0,1.5]

=== precedence
RETURN 2 + 3 * 4 AS a, (2 + 3) * 4 AS b, -2 ^ 2 AS c, 10 - 4 - 3 AS d
--- columns ["a","b","c","d"]
--- rows
[14,20,4.0,3]

=== division by zero is an error
RETURN 1 / 0 AS x
--- error INVALID_ARGUMENT
# Division by zero

=== float division by zero
RETURN 1.0 / 0 AS x
--- columns ["x"]
--- rows
[null]

=== arithmetic with null is null
RETURN 1 + null AS a, null * 2 AS b, -null AS c
--- columns ["a","b","c"]
--- rows
[null,null,null]

=== string concatenation
RETURN 'a' + 'b' AS s, 'n' + 1 AS t, 1.5 + 'x' AS u
--- columns ["s","t","u"]
--- rows
["ab","n1","1.5x"]

=== list concatenation
RETURN [1, 2] + [3] AS a, [1] + 2 AS b
--- columns ["a","b"]
--- rows
[[1,2,3],[1,2]]

=== list indexing
RETURN [10, 20, 30][0] AS a, [10, 20, 30][-1] AS b, [10, 20, 30][5] AS c
--- columns ["a","b","c"]
--- rows
[10,30,null]

=== list slicing
RETURN [1, 2, 3, 4, 5][1..3] AS a, [1, 2, 3, 4, 5][..2] AS b, [1, 2, 3, 4, 5][-2..] AS c
--- columns ["a","b","c"]
--- rows
[[2,3],[1,2],[4,5]]

=== list comprehension with filter and map
RETURN [x IN range(1, 6) WHERE x % 2 = 0 | x * x] AS squares
--- columns ["squares"]
--- rows
[[4,16,36]]

=== list comprehension without a map
RETURN [x IN ['a', 'bb', 'ccc'] WHERE size(x) > 1] AS long
--- columns ["long"]
--- rows
[["bb","ccc"]]

=== list comprehension over nodes
MATCH (c:Class {name: 'Base'}) RETURN [n IN [c] | n.name] AS names
--- columns ["names"]
--- rows
[["Base"]]

=== map literal and property access
WITH {name: 'x', n: 2, inner: {deleted: true}} AS m RETURN m.name AS name, m.n * 2 AS n, m.inner.deleted AS deleted
--- columns ["name","n","deleted"]
--- rows
["x",4,true]

=== map indexing by key
WITH {a: 1} AS m RETURN m['a'] AS a, m['b'] AS b
--- columns ["a","b"]
--- rows
[1,null]

=== map value returned as JSON
RETURN {b: [1, 'two'], a: null} AS m
--- columns ["m"]
--- rows
[{"b":[1,"two"],"a":null}]

=== generic CASE
MATCH (c:Class) RETURN c.name AS c, CASE WHEN c.name STARTS WITH 'A' THEN 'a-class' WHEN c.name = 'User' THEN 'user' ELSE 'other' END AS kind ORDER BY c
--- columns ["c","kind"]
--- rows
["Admin","a-class"]
["AuthService","a-class"]
["Base","other"]
["Formatter","other"]
["Repo","other"]
["User","user"]

=== simple CASE
UNWIND [1, 2, 3] AS x RETURN CASE x WHEN 1 THEN 'one' WHEN 2 THEN 'two' END AS word
--- columns ["word"]
--- rows
["one"]
["two"]
[null]

=== IN with null
RETURN 1 IN [1, null] AS a, 2 IN [1, null] AS b, null IN [1] AS c, 3 IN [] AS d
--- columns ["a","b","c","d"]
--- rows
[true,null,null,false]

=== boolean logic with null
RETURN null AND false AS a, null AND true AS b, null OR true AS c, null OR false AS d, NOT null AS e, true XOR null AS f
--- columns ["a","b","c","d","e","f"]
--- rows
[false,null,true,null,null,null]

=== comparisons of different types are null
RETURN 1 < 'a' AS a, 1 = 'a' AS b, 1 = 1.0 AS c, 'a' < 'b' AS d, [1, 2] = [1, 2] AS e
--- columns ["a","b","c","d","e"]
--- rows
[null,false,true,true,true]

=== IS NULL of expressions
RETURN null IS NULL AS a, 1 IS NULL AS b, [] IS NOT NULL AS c
--- columns ["a","b","c"]
--- rows
[true,false,true]

=== parameters of every JSON type
RETURN $s AS s, $i AS i, $f AS f, $b AS b, $l AS l, $m AS m, $n AS n
--- params {"s": "text", "i": 42, "f": 2.5, "b": true, "l": [1, "a"], "m": {"k": "v"}, "n": null}
--- columns ["s","i","f","b","l","m","n"]
--- rows
["text",42,2.5,true,[1,"a"],{"k":"v"},null]

=== missing parameter
RETURN $nothing AS x
--- error INVALID_ARGUMENT
# Missing parameter $nothing

=== string escapes
RETURN 'it\'s' AS a, "say \"hi\"" AS b, 'tab\there' AS c
--- columns ["a","b","c"]
--- rows
["it's","say \"hi\"","tab\there"]

=== keywords inside strings are ordinary text
RETURN 'CREATE' AS a, 'DELETE n' AS b
--- columns ["a","b"]
--- rows
["CREATE","DELETE n"]

=== integer overflow is an error
RETURN 9223372036854775807 + 1 AS x
--- error INVALID_ARGUMENT
# Integer overflow in +

=== type error in arithmetic
RETURN 'a' - 1 AS x
--- error INVALID_ARGUMENT
# Cannot apply - to STRING and INTEGER

=== property of a node in an expression
MATCH (f:Function {name: 'pong'}) RETURN f.line_end - f.line_start + 1 AS lines
--- columns ["lines"]
--- rows
[2]
