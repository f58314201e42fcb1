; Every call and `new`; the extractor reads the called expression into a
; link chain (and leaves out `require(...)` and `import(...)`, which are imports).
(call_expression
  function: (_) @call.callee) @call

(new_expression
  constructor: (_) @call.callee) @call.new
