; Classes and functions at any depth; methods are functions whose nearest
; enclosing definition is a class (decided by the extractor).
(class_definition
  name: (identifier) @definition.name) @definition.class

(function_definition
  name: (identifier) @definition.name) @definition.function

; A decorated class or function (its `definition` field): the extractor reads
; the decorators from here, as a definition's parent is costly to find.
(decorated_definition) @decorated
