; TypeScript only: abstract classes, interfaces, signatures (kept as
; definitions in interfaces, abstract classes and declarations), class
; fields bound to functions.
(abstract_class_declaration) @definition.class
(interface_declaration) @definition.interface
(class_body (abstract_method_signature) @definition.method)
(class_body (method_signature) @definition.signature)
(interface_body (method_signature) @definition.method)
(function_signature) @definition.signature

(class_body
  (public_field_definition
    value: [(arrow_function) (function_expression)] @definition.bound))

; Class fields (typed receivers: `private repo: Repo`, `y = new Y()`).
(class_body (public_field_definition) @field)

; `declare ...`: the signatures it holds are definitions.
(ambient_declaration) @ambient
