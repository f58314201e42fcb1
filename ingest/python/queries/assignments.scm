; Bindings the resolver uses to infer receiver types (`x = C()`,
; `self.repo: Repo = repo`) and a module's `__all__`. The extractor keeps
; those whose `left` field is a name or an attribute (a name for augmented
; ones): patterns without child steps match at the node alone, so the query
; cursor does not step through the children.
(assignment) @assignment

(augmented_assignment) @assignment.augmented

; Other names a scope binds (tuple targets, loop variables, `as` targets,
; walrus): they shadow outer names even when their type is unknown.
(pattern_list (identifier) @binding)
(tuple_pattern (identifier) @binding)
(for_statement left: (identifier) @binding)
(as_pattern_target (identifier) @binding)
(named_expression name: (identifier) @binding)
; Comprehension variables bind names too; their own scope is approximated
; by the enclosing one (so the name never resolves to an outer binding).
; `except E as e` is an as_pattern_target above. Lambda parameters are the
; lambda's own (lambdas are definitions).
(for_in_clause left: (identifier) @binding)
; What flows into names beyond `=`: `return`, `for x in xs` (x is an element
; of xs), `with cm as x` (what cm's __enter__ returns), `raise E` (E
; constructed). Bare patterns, matched at the statement node alone.
(return_statement) @return
(for_statement) @loop
(with_item) @with
(raise_statement) @raise
(yield) @yield
; Blocks (bodies): an assignment dominates the uses after it in its block.
(block) @block
; An if with an else whose every branch assigns a name overwrites what the
; name held before.
(if_statement) @branches
; A loop's else runs when the loop ends without `break`.
(for_statement) @loop.else
(while_statement) @loop.else
