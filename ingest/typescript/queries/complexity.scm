; Decision points for each function's cyclomatic complexity
; (extract/complexity.hpp): branches, loops, `case` labels (not `default`),
; catch clauses, conditional expressions and the short-circuit operators
; `&&`, `||` and `??`. Bare patterns only (extract/pattern_roots.hpp): the
; extractor reads a binary expression's operator itself, since a field in a
; pattern makes ts_query_new walk the grammar's parse states for it (about
; 5 ms for `operator:` in JavaScript's).
(if_statement) @decision
(for_statement) @decision
(for_in_statement) @decision
(while_statement) @decision
(do_statement) @decision
(switch_case) @decision
(catch_clause) @decision
(ternary_expression) @decision
(binary_expression) @decision.operator
