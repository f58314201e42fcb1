; Bindings the resolver infers receiver types from: `const x = new C()`,
; `let r: Repo`, `x = f()`, `this.repo = repo`.
(variable_declarator
  name: (identifier) @assignment.target) @assignment

(assignment_expression
  left: [(identifier) (member_expression)] @assignment.target) @assignment.expression

; Functions no name binds (callbacks): their parameters shadow outer names.
(arrow_function) @function.anonymous
(function_expression) @function.anonymous
