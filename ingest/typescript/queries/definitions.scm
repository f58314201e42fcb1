; Classes and functions at any depth; the extractor nests each in the
; innermost enclosing definition. A function or class expression is a
; definition when a name binds it (`const f = () => ...`, `const C = class
; {}`, `exports.f = function () {}`, a class field `f = () => ...`) or it is
; the module's default export.
(class_declaration) @definition.class
(function_declaration) @definition.function
(generator_function_declaration) @definition.function
(class_body (method_definition) @definition.method)

(variable_declarator
  name: (identifier)
  value: [(arrow_function) (function_expression) (generator_function) (class)] @definition.bound)

(assignment_expression
  left: (member_expression)
  right: [(arrow_function) (function_expression) (generator_function) (class)] @definition.bound)

(export_statement
  value: [(arrow_function) (function_expression) (generator_function) (class)] @definition.bound)
