// Aligned columns for people: the first column left-aligned, the others
// right-aligned (they hold numbers), two spaces between columns.
#pragma once

#include <string>
#include <vector>

namespace trellis::output {

class TextTable {
 public:
  void add_row(std::vector<std::string> cells) { rows_.push_back(std::move(cells)); }
  // Each row on its own line; rows may have fewer cells than others.
  std::string render() const;

 private:
  std::vector<std::vector<std::string>> rows_;
};

// "512 B", "12.3 KiB", "1.5 MiB", "2.0 GiB".
std::string format_bytes(double bytes);

}  // namespace trellis::output
