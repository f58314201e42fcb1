; ES imports and re-exports; `export default name`, `export {a as b}`.
; (CommonJS `require("m")` and dynamic `import("m")` are calls: see calls.scm.)
(import_statement) @import
(export_statement) @export
