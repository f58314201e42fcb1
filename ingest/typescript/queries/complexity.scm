; Decision points for each function's cyclomatic complexity
; (extract/complexity.hpp): branches, loops, `case` labels (not `default`),
; catch clauses, conditional expressions and the short-circuit operators
; `&&`, `||` and `??`. Bare patterns where they can be (extract/pattern_roots.hpp).
(if_statement) @decision
(for_statement) @decision
(for_in_statement) @decision
(while_statement) @decision
(do_statement) @decision
(switch_case) @decision
(catch_clause) @decision
(ternary_expression) @decision
(binary_expression operator: ["&&" "||" "??"] @decision)
