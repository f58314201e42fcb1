; Every call and `new`; the extractor reads the called expression (the
; `function` or `constructor` child, when it is a named node other than
; ERROR, as `(_)` would match it) into a link chain. Bare patterns: a field
; in a pattern makes ts_query_new walk the grammar's parse states for it. A call of `require` or `import` with a string is an import
; instead (`require("m")` with what binds it, `import("m")`).
(call_expression) @call
(new_expression) @call.new
