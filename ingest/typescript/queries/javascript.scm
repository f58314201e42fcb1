; JavaScript only: class fields bound to functions are methods.
(class_body
  (field_definition
    value: [(arrow_function) (function_expression)] @definition.bound))

; Class fields (typed receivers: `y = new Y()`).
(class_body (field_definition) @field)
