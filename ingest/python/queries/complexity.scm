; Decision points for each function's cyclomatic complexity
; (extract/complexity.hpp): branches, loops, exception handlers, match cases,
; conditional expressions, each `and`/`or` (one boolean_operator node per
; operator), and the `for` and `if` clauses of comprehensions. One bare
; pattern each (not an alternation), so they are known without running the
; query (extract/pattern_roots.hpp).
(if_statement) @decision
(elif_clause) @decision
(for_statement) @decision
(while_statement) @decision
(except_clause) @decision
(case_clause) @decision
(conditional_expression) @decision
(boolean_operator) @decision
(for_in_clause) @decision
(if_clause) @decision
