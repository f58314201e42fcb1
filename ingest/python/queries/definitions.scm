; Classes and functions at any depth; methods are functions whose nearest
; enclosing definition is a class (decided by the extractor).
(class_definition
  name: (identifier) @definition.name) @definition.class

(function_definition
  name: (identifier) @definition.name) @definition.function
