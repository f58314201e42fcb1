; Classes and functions at any depth; methods are functions whose nearest
; enclosing definition is a class (decided by the extractor). The extractor
; reads each one's `name` field: patterns without child steps match at the
; node alone, so the query cursor does not step through the children.
(class_definition) @definition.class

(function_definition) @definition.function

; Lambdas are functions too, named `<lambdaN>` by their order in the
; enclosing definition (as the PyCG call-graph suite names them).
(lambda) @definition.lambda

; A decorated class or function (its `definition` field): the extractor reads
; the decorators from here, as a definition's parent is costly to find.
(decorated_definition) @decorated
