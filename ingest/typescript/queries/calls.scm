; Every call and `new`; the extractor reads the called expression into a
; link chain. A call of `require` or `import` with a string is an import
; instead (`require("m")` with what binds it, `import("m")`).
(call_expression
  function: (_) @call.callee) @call

(new_expression
  constructor: (_) @call.callee) @call.new
