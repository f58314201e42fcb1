// MCP's lifecycle: protocol versions and the answer to `initialize`.
#pragma once

#include <span>
#include <string>
#include <string_view>

namespace trellis::mcp {

// Revisions this server speaks, newest first (2025-06-18 is current; older
// clients still send 2025-03-26 and 2024-11-05).
std::span<const std::string_view> supported_protocol_versions();

// The version to answer `initialize` with: the client's when supported,
// else the newest (the client then decides whether it can go on).
std::string_view negotiate_protocol_version(std::string_view requested);

// The `initialize` result: protocolVersion, capabilities (tools),
// serverInfo and instructions for the agent, as JSON text.
std::string initialize_result(std::string_view version);

}  // namespace trellis::mcp
