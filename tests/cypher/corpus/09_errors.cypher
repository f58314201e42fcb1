# Errors a person can act on: syntax, unknown names (with suggestions),
# write clauses refused, misuse.

=== syntax error
MATCH (f:Function RETURN f
--- error CYPHER_SYNTAX_ERROR
# Invalid input 'RETURN': expected ')' (line 1, column 19)

=== unknown label
MATCH (f:Functoin) RETURN f
--- error CYPHER_SEMANTIC_ERROR
# Unknown label 'Functoin' (line 1, column 10)

=== unknown relationship type
MATCH (a)-[:CALL]->(b) RETURN a
--- error CYPHER_SEMANTIC_ERROR
# Unknown relationship type 'CALL' (line 1, column 13)

=== unknown variable
MATCH (a:Class) RETURN b
--- error CYPHER_SEMANTIC_ERROR
# Variable 'b' is not defined (line 1, column 24)

=== unknown function
RETURN toLowerCase('a')
--- error CYPHER_SEMANTIC_ERROR
# Unknown function 'toLowerCase' (line 1, column 8)

=== unknown property on a label
MATCH (c:Class) RETURN c.nmae
--- error CYPHER_SEMANTIC_ERROR
# Unknown property 'nmae' on Class (line 1, column 26)

=== unknown property on a relationship type
MATCH ()-[r:CALLS]->() RETURN r.kind
--- error CYPHER_SEMANTIC_ERROR
# Unknown property 'kind' on CALLS (line 1, column 33)

=== label in WHERE must exist
MATCH (n) WHERE n:Klass RETURN n
--- error CYPHER_SEMANTIC_ERROR
# Unknown label 'Klass' (line 1, column 19)

=== CREATE is refused
CREATE (n:Function {name: 'x'}) RETURN n
--- error READ_ONLY
# CREATE is not allowed: Cypher in Trellis is read-only (line 1, column 1)

=== MERGE is refused
MERGE (n:Class {name: 'x'}) RETURN n
--- error READ_ONLY
# MERGE is not allowed: Cypher in Trellis is read-only (line 1, column 1)

=== SET is refused
MATCH (n:Class) SET n.name = 'x' RETURN n
--- error READ_ONLY
# SET is not allowed: Cypher in Trellis is read-only (line 1, column 17)

=== DELETE is refused
MATCH (n:Class) DELETE n
--- error READ_ONLY
# DELETE is not allowed: Cypher in Trellis is read-only (line 1, column 17)

=== DETACH DELETE is refused
MATCH (n) DETACH DELETE n
--- error READ_ONLY
# DETACH DELETE is not allowed: Cypher in Trellis is read-only (line 1, column 11)

=== REMOVE is refused
MATCH (n:Class) REMOVE n.name RETURN n
--- error READ_ONLY
# REMOVE is not allowed: Cypher in Trellis is read-only (line 1, column 17)

=== LOAD CSV is refused
LOAD CSV FROM 'file:///x.csv' AS row RETURN row
--- error READ_ONLY
# LOAD CSV is not allowed: Cypher in Trellis is read-only (line 1, column 1)

=== CALL is refused
CALL db.labels()
--- error READ_ONLY
# CALL is not allowed: Cypher in Trellis is read-only (line 1, column 1)

=== FOREACH is refused
MATCH (n:Class) FOREACH (x IN [1] | SET n.a = x)
--- error READ_ONLY
# FOREACH is not allowed: Cypher in Trellis is read-only (line 1, column 17)

=== a variable named like a keyword's text is fine
MATCH (deleted:Class {name: 'Repo'}) RETURN deleted.name AS created
--- columns ["created"]
--- rows
["Repo"]

=== invalid regular expression
MATCH (f:Function) WHERE f.name =~ '(' RETURN f
--- error INVALID_ARGUMENT
# Invalid regular expression '(': missing ): (

=== negative LIMIT
MATCH (f:Function) RETURN f LIMIT -1
--- error INVALID_ARGUMENT
# LIMIT takes a non-negative integer, not '-1'

=== path variable defined twice
MATCH p = (a)-->(b), p = (c)-->(d) RETURN p
--- error CYPHER_SEMANTIC_ERROR
# Variable 'p' is already defined (line 1, column 22)

=== type error in WHERE
MATCH (f:Function) WHERE f.name RETURN f
--- error INVALID_ARGUMENT
# Expected a boolean but got STRING in 'f.name'
