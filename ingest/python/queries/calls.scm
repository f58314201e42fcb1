; Every call; the extractor reads the called expression (the call's
; `function` field) into a link chain. A pattern without child steps is
; matched at the call node alone: the query cursor need not visit its children.
(call) @call
