# Warnings for Trellis' own targets (third-party C code is compiled without them).
add_library(trellis_warnings INTERFACE)
target_compile_options(trellis_warnings INTERFACE
  -Wall -Wextra -Wpedantic -Wshadow -Wnon-virtual-dtor -Wold-style-cast -Wcast-align
  -Wunused -Woverloaded-virtual -Wconversion -Wsign-conversion
  -Wdouble-promotion -Wformat=2 -Wimplicit-fallthrough
  $<$<BOOL:${TRELLIS_WERROR}>:-Werror>)
