; Every call; the extractor reads the called expression (the call's
; `function` field) into a link chain. A pattern without child steps is
; matched at the call node alone: the query cursor need not visit its children.
(call) @call

; Operators run their operand's dunder method (`a + b` is a.__add__(b),
; `x[k]` x.__getitem__(k)): implicit calls, kept when the operand's class
; is known.
(binary_operator) @operator
(unary_operator) @operator
(comparison_operator) @operator
(augmented_assignment) @operator
(subscript) @operator
