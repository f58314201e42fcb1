#include <fmt/format.h>

int main() {
  fmt::print("trellis\n");
  return 0;
}
