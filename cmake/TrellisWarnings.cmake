# Warnings for Trellis' own targets (third-party C code is compiled without them).
add_library(trellis_warnings INTERFACE)
target_compile_options(trellis_warnings INTERFACE
  -Wall -Wextra -Wpedantic -Wshadow -Wnon-virtual-dtor -Wold-style-cast -Wcast-align
  -Wunused -Woverloaded-virtual -Wconversion -Wsign-conversion
  -Wdouble-promotion -Wformat=2 -Wimplicit-fallthrough
  # GCC 12 reports std::string appends at -O3 as overlapping memcpy
  # (GCC bug 105329, a false positive); the check stays on for other compilers.
  $<$<AND:$<CXX_COMPILER_ID:GNU>,$<VERSION_LESS:$<CXX_COMPILER_VERSION>,13>>:-Wno-restrict>
  # Spirit X3's expectation `a >> b > c` (the Cypher grammar's idiom) is no
  # precedence slip; clang's -Wparentheses says it is.
  $<$<CXX_COMPILER_ID:Clang>:-Wno-overloaded-shift-op-parentheses>
  $<$<BOOL:${TRELLIS_WERROR}>:-Werror>)
