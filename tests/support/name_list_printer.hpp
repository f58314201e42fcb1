#pragma once
// Lists of names print as {"a", "b"} in failed checks. One definition for
// every test file (the unit-test build compiles several files as one unit).

#include <doctest/doctest.h>

#include <string>
#include <vector>

template <>
struct doctest::StringMaker<std::vector<std::string>> {
  static doctest::String convert(const std::vector<std::string>& names) {
    std::string text = "{";
    for (const std::string& name : names) text += (text.size() > 1 ? ", \"" : "\"") + name + "\"";
    return (text + "}").c_str();
  }
};
