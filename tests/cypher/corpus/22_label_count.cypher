# Aggregations over a lone node that read it only through its labels
# (labels(n), head(labels(n)), labels(n)[0], n:Label) or as count(n) are
# counted per label by the store (LabelCount): every label, listed labels,
# a label with no node, WHERE on labels, a WITH's WHERE, UNWIND. Expected
# answers from the row executor (the same queries through the previous
# build's CLI).

=== label count: every node by label, in the order a scan meets the labels
MATCH (n) RETURN labels(n)[0] AS l, count(*) AS c
--- columns ["l","c"]
--- rows
["Project",1]
["Package",4]
["ExternalPackage",2]
["Module",15]
["Class",6]
["Function",21]
["Method",13]

=== label count: head(labels(n)), ordered by the count
MATCH (n) RETURN head(labels(n)) AS l, count(*) AS c ORDER BY c DESC, l
--- columns ["l","c"]
--- rows
["Function",21]
["Module",15]
["Method",13]
["Class",6]
["Package",4]
["ExternalPackage",2]
["Project",1]

=== label count: two labels, in the order the pattern lists them, count(n)
MATCH (n:Method|Class) RETURN labels(n) AS l, count(n) AS c
--- columns ["l","c"]
--- rows
[["Method"],13]
[["Class"],6]

=== label count: a label test as the key, a negated one in the WHERE
MATCH (n) WHERE NOT n:Module RETURN n:Function AS f, count(*) AS c ORDER BY f
--- columns ["f","c"]
--- rows
[false,26]
[true,21]

=== label count: a label with no node: no group
MATCH (n:Interface) RETURN labels(n) AS l, count(*) AS c
--- columns ["l","c"]
--- rows

=== label count: a WITH's WHERE on the groups
MATCH (n) WITH labels(n)[0] AS l, count(*) AS c WHERE c > 10 RETURN l, c ORDER BY l
--- columns ["l","c"]
--- rows
["Function",21]
["Method",13]
["Module",15]

=== label count: per row of an UNWIND
UNWIND [1, 2] AS x MATCH (n:Class|Function) RETURN x, labels(n)[0] AS l, count(*) AS c
--- columns ["x","l","c"]
--- rows
[1,"Class",6]
[1,"Function",21]
[2,"Class",6]
[2,"Function",21]

=== label count: labels counted distinct, least and greatest
MATCH (n) RETURN count(DISTINCT labels(n)[0]) AS d, min(labels(n)[0]) AS m, max(labels(n)[0]) AS x, count(*) AS c
--- columns ["d","m","x","c"]
--- rows
[7,"Class","Project",62]
