; ES imports and re-exports; `export default name`, `export {a as b}`.
(import_statement) @import
(export_statement) @export

; CommonJS: `require("m")` (the extractor reads what binds it) and
; `module.exports = ...` / `exports.name = ...`; dynamic `import("m")`.
(call_expression
  function: (identifier)
  arguments: (arguments . (string) .)) @require

(call_expression
  function: (import)
  arguments: (arguments . (string))) @import.dynamic
