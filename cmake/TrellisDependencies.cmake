# Third-party libraries: Debian packages (see README), plus tree-sitter from npm (ingest/).
find_package(Boost 1.74 REQUIRED)
find_package(fmt REQUIRED)
find_package(CLI11 REQUIRED)
find_package(TBB REQUIRED)
find_package(simdjson REQUIRED)
find_package(doctest REQUIRED)
find_package(mimalloc REQUIRED)
find_package(nlohmann_json 3 REQUIRED)
find_package(RapidJSON REQUIRED)  # header-only; RAPIDJSON_INCLUDE_DIRS
find_package(Threads REQUIRED)

# hnswlib (Debian libhnswlib-dev): header-only approximate nearest neighbours for the embeddings.
find_path(HNSWLIB_INCLUDE_DIR hnswlib/hnswlib.h REQUIRED)
add_library(hnswlib::hnswlib INTERFACE IMPORTED)
set_target_properties(hnswlib::hnswlib PROPERTIES INTERFACE_INCLUDE_DIRECTORIES "${HNSWLIB_INCLUDE_DIR}"
  INTERFACE_SYSTEM_INCLUDE_DIRECTORIES "${HNSWLIB_INCLUDE_DIR}")
find_path(XXHASH_INCLUDE_DIR xxhash.h REQUIRED)
find_library(XXHASH_LIBRARY xxhash REQUIRED)
add_library(xxhash::xxhash UNKNOWN IMPORTED)
set_target_properties(xxhash::xxhash PROPERTIES
  IMPORTED_LOCATION ${XXHASH_LIBRARY}
  INTERFACE_INCLUDE_DIRECTORIES ${XXHASH_INCLUDE_DIR})

# libedit (BSD licence): line editing and history in the Cypher console.
find_path(LIBEDIT_INCLUDE_DIR histedit.h REQUIRED)
find_library(LIBEDIT_LIBRARY edit REQUIRED)
add_library(libedit::libedit UNKNOWN IMPORTED)
set_target_properties(libedit::libedit PROPERTIES
  IMPORTED_LOCATION ${LIBEDIT_LIBRARY}
  INTERFACE_INCLUDE_DIRECTORIES ${LIBEDIT_INCLUDE_DIR})

# Every Trellis binary allocates through mimalloc: linking the shared library
# overrides malloc/free/new/delete process-wide. Sanitizer builds keep the
# sanitizer's own allocator, which must see every allocation (ASan's and TSan's).
function(trellis_executable name)
  add_executable(${name} ${ARGN})
  target_link_libraries(${name} PRIVATE trellis_warnings)
  if(NOT TRELLIS_SANITIZE AND NOT TRELLIS_TSAN)
    target_link_libraries(${name} PRIVATE mimalloc)
    target_compile_definitions(${name} PRIVATE TRELLIS_WITH_MIMALLOC=1)
    target_sources(${name} PRIVATE ${CMAKE_CURRENT_FUNCTION_LIST_DIR}/mimalloc_options.cpp
                                   ${CMAKE_CURRENT_FUNCTION_LIST_DIR}/tree_sitter_heap.cpp)
  endif()
endfunction()
