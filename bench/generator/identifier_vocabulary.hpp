// Code-like strings for generated graphs: names of packages, modules,
// classes, functions and methods in Python's conventions, docstrings and
// decorators, all built from fixed lists of identifier parts ("get" + "user",
// "User" + "Service"). Names repeat across a graph as they do in real code:
// get_user is defined in many modules, every class has an __init__.
#pragma once

#include <string>
#include <string_view>

#include "generator/random.hpp"

namespace trellis::bench {

std::string package_name(Random& random);   // "services", "billing", "user_accounts"
std::string module_name(Random& random);    // "models", "user_service", "test_orders"
std::string class_name(Random& random);     // "UserService", "BaseOrderRepository"
std::string function_name(Random& random);  // "get_user", "_parse_raw_config", "is_valid"
std::string method_name(Random& random);    // function names, properties and dunders but __init__
std::string nested_function_name(Random& random);  // "wrapper", "_helper", "visit_node"

// One-line summaries, sometimes followed by an Args/Returns or Raises section.
std::string class_docstring(Random& random);
std::string function_docstring(Random& random);

std::string_view class_decorator(Random& random);     // "dataclass", "total_ordering"
std::string_view function_decorator(Random& random);  // "lru_cache(maxsize=None)", "pytest.fixture"
std::string_view method_decorator(Random& random);    // "property", "classmethod"

// A base class from outside the project ("Exception", "BaseModel", "models.Model").
std::string_view external_base_class(Random& random);

}  // namespace trellis::bench
