# Items of a WITH's aggregation nothing after it reads (cypher/src/batch/):
# the batched aggregation does not write them, and the answers stay the
# same. Expected answers from the previous build's CLI, except the case
# marked below (the row executor's error, which that build's batched WHERE
# dropped).

=== unread items: a key nothing reads after its WITH
MATCH (f:Function) WITH f.file_path AS p, count(*) AS c WHERE c > 2 RETURN count(*) AS n, max(c) AS m
--- columns ["n","m"]
--- rows
[3,6]

=== unread items: neither the key nor the count is read after the WHERE
MATCH (f) WITH f.name AS n, count(*) AS c WHERE c > 1 RETURN count(*) AS groups
--- columns ["groups"]
--- rows
[9]

=== unread items: no WHERE, the key unread
MATCH (f:Function) WITH f.file_path AS p, count(*) AS c RETURN max(c) AS m, min(c) AS l
--- columns ["m","l"]
--- rows
[6,1]

=== unread items: the key read after the WITH is written
MATCH (f:Function) WITH f.file_path AS p, count(*) AS c WHERE c > 2 RETURN count(*) AS n, max(size(p)) AS m
--- columns ["n","m"]
--- rows
[3,25]

=== unread items: an unread item that fails still fails
MATCH (f:Function) WITH f.name AS k, count(*) AS c, 10 / (count(*) - 1) AS x RETURN count(*) AS n
--- error INVALID_ARGUMENT

# The row executor makes each group's row (evaluating x) before the WHERE
# tests it: a group the WHERE drops fails all the same.
=== unread items: an unread item fails on a group the WHERE drops
MATCH (f:Function) WITH f.file_path AS p, count(*) AS c, 10 / (count(*) - 1) AS x WHERE c > 5 RETURN count(*) AS n
--- error INVALID_ARGUMENT

=== unread items: an unread list
MATCH (f:Function) WITH f.file_path AS p, collect(f.name) AS names, count(*) AS c WHERE c > 2 RETURN count(*) AS n
--- columns ["n"]
--- rows
[3]

=== unread items: a node read by a subquery after the WITH
MATCH (f:Function) WITH f AS x, f.name AS k, count(*) AS c WHERE c > 0 RETURN sum(COUNT { (x)-[:CALLS]->() }) AS calls
--- columns ["calls"]
--- rows
[22]
