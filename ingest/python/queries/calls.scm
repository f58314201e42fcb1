; Every call; the extractor reads the called expression into a link chain.
(call
  function: (_) @call.callee) @call
