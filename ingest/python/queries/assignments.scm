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
; Comprehension variables and lambda parameters bind names too; their own
; scope is approximated by the enclosing one (so the name never resolves to
; an outer binding). `except E as e` is an as_pattern_target above.
(for_in_clause left: (identifier) @binding)
(lambda_parameters (identifier) @binding)
(lambda_parameters (default_parameter name: (identifier) @binding))
