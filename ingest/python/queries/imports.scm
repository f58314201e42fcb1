; `import a.b`, `import a.b as c`
(import_statement) @import

; `from .x import y as z`, `from x import *`
(import_from_statement) @import.from
