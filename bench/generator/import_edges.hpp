// Generation stage four: IMPORTS.
//
// Each module imports a geometric number of project modules (mean 3) and of
// external packages (mean 3), the counts its import lines were laid out for.
// A project import goes to a sibling module of the same package 40% of the
// time (siblings importing each other make cycles), else to a Zipf choice
// over a random ranking of modules (a few modules, like a utils or a
// models module, are imported by a large part of the project). External
// imports go 40% of the time to the first eight of external_packages()
// (typing, os, logging, ...), which a large part of all modules import, and
// are Zipf over the whole list otherwise. A module imports another at
// most once and never itself.
#pragma once

#include <cstdint>

#include "generator/code_entities.hpp"
#include "trellis/store/graph_builder.hpp"

namespace trellis::bench {

void add_imports(GraphBuilder& builder, const CodeEntities& entities, std::uint64_t seed);

}  // namespace trellis::bench
