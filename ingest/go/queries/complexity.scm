; Decision points for each function's cyclomatic complexity
; (extract/complexity.hpp): if, for (every form), the cases of expression,
; type and select switches (not `default`), and the short-circuit operators
; `&&` and `||`. Bare patterns where they can be (extract/pattern_roots.hpp).
(if_statement) @decision
(for_statement) @decision
(expression_case) @decision
(type_case) @decision
(communication_case) @decision
(binary_expression operator: ["&&" "||"] @decision)
