// Joins the ProgramGraphs of several languages, each resolved over its own
// contiguous range of one files vector, into one ProgramGraph over all files.
#pragma once

#include <span>
#include <vector>

#include "trellis/ingest/program_graph.hpp"

namespace trellis::ingest {

struct LanguageProgram {
  std::uint32_t first_file = 0;  // where this language's files start in `all_files`
  ProgramGraph program;
};

ProgramGraph merge_programs(std::vector<LanguageProgram> programs, std::span<const FileFacts> all_files);

}  // namespace trellis::ingest
