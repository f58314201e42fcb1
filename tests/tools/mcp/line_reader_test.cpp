// The stdio framing: whole lines across reads, CR LF, blank lines skipped,
// lines over the cap reported as TooLong without being kept, a last line
// without its newline, end of input.
#include <doctest/doctest.h>
#include <unistd.h>

#include <string>
#include <thread>

#include "mcp/line_reader.hpp"

using trellis::mcp::LineReader;
using Kind = LineReader::Line::Kind;

namespace {

// A pipe whose write end is fed by a thread, so writes larger than the
// pipe buffer work.
struct Pipe {
  int fds[2] = {-1, -1};
  std::thread writer;
  explicit Pipe(std::string input) {
    REQUIRE(::pipe(fds) == 0);
    writer = std::thread([fd = fds[1], text = std::move(input)] {
      std::size_t done = 0;
      while (done < text.size()) {
        const ssize_t n = ::write(fd, text.data() + done, std::min<std::size_t>(text.size() - done, 1000));
        if (n <= 0) break;
        done += static_cast<std::size_t>(n);
      }
      ::close(fd);
    });
  }
  ~Pipe() {
    writer.join();
    ::close(fds[0]);
  }
};

}  // namespace

TEST_CASE("line reader: lines, CR LF, blank lines and a last line without newline") {
  Pipe pipe("{\"a\":1}\r\n\n   \n{\"b\":2}\n{\"c\":3}");
  LineReader reader(pipe.fds[0], 100);
  auto line = reader.next();
  CHECK(line.kind == Kind::Message);
  CHECK(line.text == "{\"a\":1}");
  line = reader.next();
  CHECK(line.text == "{\"b\":2}");
  line = reader.next();
  CHECK(line.kind == Kind::Message);
  CHECK(line.text == "{\"c\":3}");
  CHECK(reader.next().kind == Kind::End);
  CHECK(reader.next().kind == Kind::End);
}

TEST_CASE("line reader: a line over the cap is skipped to its newline and reported with its length") {
  const std::string huge(300'000, 'x');
  Pipe pipe("short\n" + huge + "\nafter\n" + std::string(101, 'y') + "\n" + std::string(100, 'z') + "\n" + huge);
  LineReader reader(pipe.fds[0], 100);
  CHECK(reader.next().text == "short");
  auto line = reader.next();
  CHECK(line.kind == Kind::TooLong);
  CHECK(line.bytes == huge.size());
  CHECK(reader.next().text == "after");
  line = reader.next();
  CHECK(line.kind == Kind::TooLong);
  CHECK(line.bytes == 101);
  line = reader.next();
  CHECK(line.kind == Kind::Message);
  CHECK(line.text.size() == 100);
  line = reader.next();
  CHECK(line.kind == Kind::TooLong);
  CHECK(line.bytes == huge.size());
  CHECK(reader.next().kind == Kind::End);
}
