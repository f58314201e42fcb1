#include "trellis/cli/global_options.hpp"

namespace trellis::cli {

void add_global_options(CLI::App& app, GlobalOptions& options) {
  app.add_option(
         "--db", options.db,
         "The graph snapshot file. Default: .trellis/graph.trellis in the working directory or the "
         "nearest parent that has one (index writes PATH/.trellis/graph.trellis, import ./.trellis/graph.trellis)")
      ->type_name("FILE");
  app.add_flag("--json", options.json,
               "Print exactly one JSON document on stdout (errors too, as an error object)");
}

}  // namespace trellis::cli
