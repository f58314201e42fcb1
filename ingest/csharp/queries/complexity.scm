; Decision points for each method's cyclomatic complexity
; (extract/complexity.hpp): branches, loops, `case` labels (not `default`),
; switch expression arms (the extractor drops the discard arm `_`), catch
; clauses, conditional expressions and the short-circuit operators `&&`,
; `||` and `??`. Bare patterns where they can be (extract/pattern_roots.hpp).
(if_statement) @decision
(for_statement) @decision
(foreach_statement) @decision
(while_statement) @decision
(do_statement) @decision
(switch_section "case" @decision)
(switch_expression_arm) @decision
(catch_clause) @decision
(conditional_expression) @decision
(binary_expression operator: ["&&" "||" "??"] @decision)
