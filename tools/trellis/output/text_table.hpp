// Aligned columns for people, two spaces between columns. By default the
// first column is left-aligned and the others right-aligned (they hold
// numbers); a table of text columns names its alignments.
#pragma once

#include <string>
#include <vector>

namespace trellis::output {

enum class Align { Left, Right };

class TextTable {
 public:
  TextTable() = default;
  // Alignment per column; columns past the list follow the default.
  explicit TextTable(std::vector<Align> alignments) : alignments_(std::move(alignments)) {}
  void add_row(std::vector<std::string> cells) { rows_.push_back(std::move(cells)); }
  bool empty() const { return rows_.empty(); }
  // Each row on its own line; rows may have fewer cells than others.
  std::string render() const;

 private:
  std::vector<std::vector<std::string>> rows_;
  std::vector<Align> alignments_;
};

// "512 B", "12.3 KiB", "1.5 MiB", "2.0 GiB".
std::string format_bytes(double bytes);

}  // namespace trellis::output
