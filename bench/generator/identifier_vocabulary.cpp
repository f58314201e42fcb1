#include "generator/identifier_vocabulary.hpp"

#include <initializer_list>

namespace trellis::bench {
namespace {

constexpr std::string_view kVerbs[] = {
    "get",       "set",          "load",      "save",        "parse",    "build",     "create",
    "update",    "delete",       "remove",    "add",         "validate", "render",    "handle",
    "process",   "compute",      "fetch",     "send",        "read",     "write",     "check",
    "find",      "make",         "run",       "start",       "stop",     "reset",     "apply",
    "convert",   "format",       "resolve",   "register",    "dispatch", "emit",      "init",
    "open",      "close",        "lookup",    "merge",       "split",    "filter",    "sort",
    "collect",   "normalize",    "serialize", "deserialize", "encode",   "decode",    "compile",
    "execute",   "schedule",     "refresh",   "sync",        "publish",  "subscribe", "notify",
    "authorize", "authenticate", "clean",     "flush",       "prepare",  "generate",  "extract",
    "transform", "iter",         "list",      "count",       "ensure",   "to",        "unpack",
    "wrap",      "bind",         "attach",    "detach",      "ingest",   "export",    "upload",
    "download",  "retry",        "cancel",    "submit",      "approve",  "reject",    "match",
};

constexpr std::string_view kNouns[] = {
    "user",       "config",    "settings",  "request",      "response",     "session",    "token",
    "order",      "item",      "cart",      "payment",      "invoice",      "account",    "message",
    "event",      "file",      "path",      "record",       "cache",        "query",      "result",
    "model",      "view",      "form",      "field",        "schema",       "node",       "graph",
    "task",       "job",       "worker",    "client",       "server",       "connection", "handler",
    "service",    "manager",   "context",   "data",         "value",        "key",        "name",
    "status",     "state",     "error",     "log",          "logger",       "metric",     "report",
    "page",       "template",  "url",       "route",        "header",       "body",       "payload",
    "params",     "options",   "entry",     "batch",        "chunk",        "buffer",     "stream",
    "socket",     "channel",   "queue",     "lock",         "timeout",      "policy",     "rule",
    "permission", "role",      "group",     "team",         "project",      "product",    "price",
    "tax",        "address",   "email",     "password",     "profile",      "customer",   "vendor",
    "shipment",   "stock",     "inventory", "transaction",  "ledger",       "balance",    "summary",
    "plugin",     "hook",      "signal",    "widget",       "column",       "row",        "table",
    "index",      "migration", "version",   "dependency",   "package",      "module",     "source",
    "target",     "timestamp", "date",      "duration",     "limit",        "offset",     "cursor",
    "pattern",    "text",      "line",      "word",         "document",     "attachment", "image",
    "device",     "region",    "tenant",    "subscription", "notification", "webhook",    "secret",
};

constexpr std::string_view kQualifiers[] = {
    "default", "current", "active", "raw",      "cached",  "pending", "new",     "old",
    "remote",  "local",   "global", "internal", "public",  "max",     "min",     "total",
    "next",    "last",    "first",  "base",     "parent",  "child",   "valid",   "unique",
    "full",    "partial", "async",  "safe",     "initial", "final",   "primary", "legacy",
};

constexpr std::string_view kClassSuffixes[] = {
    "Service", "Manager",    "Handler",   "Parser",     "Builder",   "Factory",  "Repository",
    "Client",  "Controller", "View",      "Serializer", "Validator", "Error",    "Exception",
    "Config",  "Model",      "Schema",    "Adapter",    "Provider",  "Registry", "Cache",
    "Store",   "Resolver",   "Processor", "Worker",     "Task",      "Mixin",    "Form",
    "Field",   "Middleware", "Backend",   "Loader",     "Writer",    "Reader",   "Formatter",
    "Encoder", "Decoder",    "Strategy",  "Policy",     "Command",   "Event",    "Listener",
    "Plugin",  "Request",    "Response",  "Session",    "Context",   "Helper",   "Wrapper",
    "Proxy",   "Iterator",   "Filter",    "Query",      "Result",    "Type",     "Info",
    "Spec",    "Options",    "State",     "Tests",      "Admin",     "Pipeline",
};

constexpr std::string_view kCommonModules[] = {
    "models",     "views",    "utils",    "helpers",  "base",         "exceptions", "constants",
    "types",      "config",   "settings", "api",      "serializers",  "forms",      "admin",
    "urls",       "signals",  "tasks",    "handlers", "client",       "schemas",    "validators",
    "cli",        "main",     "core",     "compat",   "decorators",   "mixins",     "managers",
    "middleware", "conftest", "apps",     "routes",   "dependencies", "events",     "errors",
};

constexpr std::string_view kModuleSuffixes[] = {
    "service", "utils", "models", "views", "handlers", "client", "api", "store", "types", "helpers",
};

constexpr std::string_view kCommonPackages[] = {
    "core",        "api",      "services",     "models",        "utils",      "auth",
    "billing",     "accounts", "orders",       "payments",      "common",     "shared",
    "internal",    "contrib",  "ext",          "plugins",       "backends",   "adapters",
    "db",          "storage",  "cache",        "http",          "web",        "cli",
    "tasks",       "workers",  "events",       "notifications", "search",     "reports",
    "analytics",   "admin",    "integrations", "tests",         "fixtures",   "schemas",
    "serializers", "views",    "handlers",     "middleware",    "security",   "config",
    "io",          "parsers",  "formats",      "tools",         "scripts",    "sdk",
    "client",      "server",   "gateway",      "pipeline",      "jobs",       "scheduling",
    "monitoring",  "metrics",  "i18n",         "migrations",    "management", "commands",
    "v1",          "v2",       "legacy",
};

constexpr std::string_view kDunderMethods[] = {
    "__repr__",  "__str__",  "__eq__",   "__hash__",    "__len__",      "__iter__",
    "__enter__", "__exit__", "__call__", "__getitem__", "__contains__", "__lt__",
};

constexpr std::string_view kNestedNames[] = {
    "wrapper", "inner", "decorator", "_helper", "callback", "_impl", "key_func", "_run", "visit",
};

constexpr std::string_view kClassDecorators[] = {
    "dataclass", "dataclass(frozen=True)",    "total_ordering", "final",
    "register",  "attr.s(auto_attribs=True)",
};

constexpr std::string_view kFunctionDecorators[] = {
    "lru_cache(maxsize=None)",
    "functools.wraps(func)",
    "pytest.fixture",
    "click.command()",
    "contextmanager",
    "cache",
    "retry(times=3)",
    "login_required",
    "router.get(\"/\")",
    "app.task",
    "pytest.mark.parametrize(\"value\", VALUES)",
};

constexpr std::string_view kMethodDecorators[] = {
    "property",    "property",       "property",        "staticmethod", "classmethod",
    "classmethod", "abstractmethod", "cached_property", "override",     "contextmanager",
};

constexpr std::string_view kExternalBases[] = {
    "Exception",
    "ValueError",
    "RuntimeError",
    "ABC",
    "Enum",
    "IntEnum",
    "BaseModel",
    "TypedDict",
    "NamedTuple",
    "Protocol",
    "Generic[T]",
    "models.Model",
    "TestCase",
    "unittest.TestCase",
    "object",
    "dict",
    "threading.Thread",
    "json.JSONEncoder",
    "logging.Handler",
    "nn.Module",
    "Base",
    "serializers.ModelSerializer",
    "forms.Form",
};

template <class T, std::size_t N>
std::string_view pick(Random& random, const T (&words)[N]) {
  return words[random.below(N)];
}

// "user" -> "User"; "max" + "user" -> "MaxUser" when appended in turn.
void append_capitalized(std::string& out, std::string_view word) {
  out += static_cast<char>(word[0] - 'a' + 'A');
  out.append(word.substr(1));
}

std::string snake(std::initializer_list<std::string_view> parts) {
  std::string out;
  for (const std::string_view part : parts) {
    if (!out.empty() && out.back() != '_') out += '_';
    out.append(part);
  }
  return out;
}

// English plural of a noun of the lists ("options" and "settings" already are).
std::string plural(std::string_view noun) {
  std::string out(noun);
  if (out.ends_with("ss") || out.ends_with("us") || out.ends_with('x') || out.ends_with("sh")) {
    out += "es";
  } else if (out.ends_with('s')) {
    return out;
  } else if (out.ends_with('y') && out.size() > 1 &&
             std::string_view("aeiou").find(out[out.size() - 2]) == std::string_view::npos) {
    out.back() = 'i';
    out += "es";
  } else {
    out += 's';
  }
  return out;
}

}  // namespace

std::string package_name(Random& random) {
  const auto roll = random.below(100);
  if (roll < 55) return std::string(pick(random, kCommonPackages));
  if (roll < 85) return plural(pick(random, kNouns));
  return snake({pick(random, kNouns), plural(pick(random, kNouns))});
}

std::string module_name(Random& random) {
  const auto roll = random.below(100);
  if (roll < 35) return std::string(pick(random, kCommonModules));
  if (roll < 60) return std::string(pick(random, kNouns));
  if (roll < 70) return plural(pick(random, kNouns));
  if (roll < 90) return snake({pick(random, kNouns), pick(random, kModuleSuffixes)});
  return snake({"test", plural(pick(random, kNouns))});
}

std::string class_name(Random& random) {
  std::string out;
  const auto roll = random.below(100);
  if (roll < 4) out = "Base";
  if (roll >= 4 && roll < 7) out = "Abstract";
  if (roll >= 7 && roll < 20) append_capitalized(out, pick(random, kQualifiers));
  append_capitalized(out, pick(random, kNouns));
  if (roll < 90) out.append(pick(random, kClassSuffixes));
  return out;
}

std::string function_name(Random& random) {
  const auto roll = random.below(100);
  if (roll < 55) return snake({pick(random, kVerbs), pick(random, kNouns)});
  if (roll < 68)
    return snake({pick(random, kVerbs), pick(random, kQualifiers), pick(random, kNouns)});
  if (roll < 80) return snake({"_", pick(random, kVerbs), pick(random, kNouns)});
  if (roll < 85) return std::string(pick(random, kVerbs));
  if (roll < 88) return snake({pick(random, kNouns), "to", pick(random, kNouns)});
  if (roll < 94) return snake({"is", pick(random, kQualifiers)});
  return snake({"has", pick(random, kNouns)});
}

std::string method_name(Random& random) {
  const auto roll = random.below(100);
  if (roll < 6) return std::string(pick(random, kDunderMethods));
  if (roll < 16) return std::string(pick(random, kNouns));
  if (roll < 22) return snake({pick(random, kQualifiers), pick(random, kNouns)});
  return function_name(random);
}

std::string nested_function_name(Random& random) {
  if (random.percent(60)) return std::string(pick(random, kNestedNames));
  return snake({pick(random, kVerbs), pick(random, kNouns)});
}

std::string class_docstring(Random& random) {
  std::string text;
  switch (random.below(4)) {
    case 0:
      text = "The ";
      break;
    case 1:
      text = "Holds the ";
      break;
    case 2:
      text = "Base ";
      break;
    default:
      text = "Default ";
      break;
  }
  text.append(pick(random, kNouns));
  text += ' ';
  text.append(pick(random, kNouns));
  text += " for ";
  text.append(pick(random, kQualifiers));
  text += ' ';
  text.append(plural(pick(random, kNouns)));
  text += '.';
  if (random.percent(30)) {
    text += "\n\n    Subclasses override ";
    text.append(snake({pick(random, kVerbs), pick(random, kNouns)}));
    text += " to change how each ";
    text.append(pick(random, kNouns));
    text += " is handled.\n    ";
  }
  return text;
}

std::string function_docstring(Random& random) {
  const std::string_view verb = pick(random, kVerbs);
  const std::string_view noun = pick(random, kNouns);
  const std::string_view other = pick(random, kNouns);
  std::string text;
  append_capitalized(text, verb);
  text += " the ";
  text.append(pick(random, kQualifiers));
  text += ' ';
  text.append(noun);
  text += random.percent(50) ? " for the given " : " from the ";
  text.append(other);
  text += '.';
  const auto roll = random.below(100);
  if (roll < 25) {
    text += "\n\n    Args:\n        ";
    text.append(noun);
    text += ": the ";
    text.append(noun);
    text += " to ";
    text.append(verb);
    text += ".\n        ";
    text.append(other);
    text += ": the ";
    text.append(pick(random, kQualifiers));
    text += ' ';
    text.append(other);
    text += ".\n\n    Returns:\n        The ";
    text.append(pick(random, kNouns));
    text += ", or None when there is none.\n    ";
  } else if (roll < 35) {
    text += "\n\n    Raises:\n        ValueError: if the ";
    text.append(noun);
    text += " is not ";
    text.append(pick(random, kQualifiers));
    text += ".\n    ";
  }
  return text;
}

std::string_view class_decorator(Random& random) {
  return pick(random, kClassDecorators);
}
std::string_view function_decorator(Random& random) {
  return pick(random, kFunctionDecorators);
}
std::string_view method_decorator(Random& random) {
  return pick(random, kMethodDecorators);
}
std::string_view external_base_class(Random& random) {
  return pick(random, kExternalBases);
}

}  // namespace trellis::bench
