// End-to-end test of `trellis serve` through the official MCP TypeScript
// SDK client: lists the tools (annotations, input and output schemas), calls
// each one on the shop fixture (indexed from a temporary copy; the client
// checks every structuredContent against the tool's outputSchema) and checks
// exact answers, the error objects of refused calls, the protocol errors,
// TIMEOUT, index_status after edits and the reload of a snapshot replaced by
// `trellis index`.
// Usage: node tests/mcp/mcp_sdk_test.mjs path/to/trellis path/to/source-tree
import assert from "node:assert/strict";
import { execFileSync } from "node:child_process";
import fs from "node:fs";
import os from "node:os";
import path from "node:path";
import { Client } from "@modelcontextprotocol/sdk/client/index.js";
import { StdioClientTransport } from "@modelcontextprotocol/sdk/client/stdio.js";
import { McpError } from "@modelcontextprotocol/sdk/types.js";

const trellis = path.resolve(process.argv[2]);
const sourceDir = path.resolve(process.argv[3]);
const work = fs.mkdtempSync(path.join(os.tmpdir(), "trellis-mcp-"));
const root = path.join(work, "shop");
const db = path.join(work, "shop.trellis");
fs.cpSync(path.join(sourceDir, "tests/fixtures/python/shop"), root, { recursive: true });
const index = () => execFileSync(trellis, ["index", root, "--db", db], { stdio: ["ignore", "ignore", "inherit"] });
index();
// Three definitions with vectors, for search_semantic (imported before the server starts).
const vectorsFile = path.join(work, "vectors.jsonl");
fs.writeFileSync(vectorsFile, [
  { qualified_name: "shop.services.auth.AuthService.login", vector: [1, 0, 0] },
  { qualified_name: "shop.util.log.log", vector: [0, 1, 0] },
  { qualified_name: "shop.models.User", vector: [0.6, 0.8, 0] },
].map((line) => JSON.stringify(line)).join("\n") + "\n");
execFileSync(trellis, ["embeddings", "import", vectorsFile, "--db", db], { stdio: ["ignore", "ignore", "inherit"] });

let checks = 0;
const check = (label, fn) => {
  try {
    fn();
    checks += 1;
  } catch (error) {
    console.error(`FAIL: ${label}`);
    throw error;
  }
};
const names = (list) => list.map((n) => n.qualified_name);

async function connect(extraArgs = []) {
  const client = new Client({ name: "trellis-e2e", version: "1.0.0" });
  const transport = new StdioClientTransport({
    command: trellis,
    args: ["serve", "--db", db, ...extraArgs],
    stderr: "pipe",
  });
  await client.connect(transport);
  return client;
}

// A tool's answer: the structured document, checked against the text block
// (the SDK client has checked it against the tool's outputSchema); a
// refused call's error object is its text only.
async function call(client, name, args) {
  const result = await client.callTool({ name, arguments: args });
  assert.equal(result.content.length, 1);
  assert.equal(result.content[0].type, "text");
  const doc = JSON.parse(result.content[0].text);
  if (result.isError) {
    assert.equal(result.structuredContent, undefined);
  } else {
    assert.deepEqual(doc, result.structuredContent);
  }
  return { isError: result.isError, doc };
}
// The tools that answered at least once (each answer validated by the client).
const answered = new Set();
async function ok(client, name, args) {
  const { isError, doc } = await call(client, name, args);
  assert.equal(isError, false, JSON.stringify(doc));
  answered.add(name);
  assert.deepEqual(Object.keys(doc), ["query", "results", "metadata"]);
  assert.equal(typeof doc.metadata.execution_time_ms, "number");
  return doc;
}
async function refused(client, name, args, code) {
  const { isError, doc } = await call(client, name, args);
  assert.equal(isError, true, JSON.stringify(doc));
  assert.equal(doc.error_code, code, JSON.stringify(doc));
  assert.deepEqual(Object.keys(doc), ["error", "error_code", "suggestion", "suggestions", "provided_input"]);
  return doc;
}

const client = await connect();

// ---- initialize and tools/list ------------------------------------------
check("server info", () => {
  assert.equal(client.getServerVersion().name, "trellis");
  assert.deepEqual(client.getServerCapabilities().tools, { listChanged: false });
  assert.match(client.getInstructions(), /search_symbols/);
});
const instructions = client.getInstructions();
// What every tool shares, said once in the instructions and in no description.
const shared = [
  "Names are qualified names: the dotted module path from the source root",
  "Every answer is JSON {\"query\", \"results\", \"metadata\"}",
  "A node in a query_*/get_* answer is lean: {label, qualified_name, name, node_id, file_path",
  "A refused call is a result with isError true",
];
check("instructions say the shared rules once", () => {
  for (const text of shared) assert.equal(instructions.split(text).length, 2, text);
});
const { tools } = await client.listTools();
check("tool names", () =>
  assert.deepEqual(
    tools.map((t) => t.name),
    [
      "query_callers", "query_callees", "query_hierarchy", "query_dependencies", "query_exports",
      "query_implementations", "query_call_graph", "query_call_path", "get_file_outline", "get_children",
      "query_importers", "query_dependency_chain", "get_file_complexity", "query_impact", "get_block_details",
      "get_source", "query_why", "get_context", "query_cycles", "list_unresolved", "search_code", "search_semantic", "resolve_nodes", "find_similar", "query_cypher", "search_symbols", "get_node",
      "get_schema", "index_status",
    ],
  ));
const tool = (name) => tools.find((t) => t.name === name);
check("get_context schema: names is an array of strings", () => {
  const schema = tool("get_context").inputSchema;
  assert.deepEqual(schema.properties.names.items, { type: "string", minLength: 1 });
  assert.equal(schema.properties.names.type, "array");
  assert.equal(schema.properties.names.minItems, 1);
  assert.deepEqual(schema.required, ["names"]);
  assert.deepEqual(schema.properties.budget.default, 2000);
});
check("query_callers schema", () => {
  assert.deepEqual(tool("query_callers").inputSchema, {
    type: "object",
    properties: {
      function_name: {
        type: "string",
        description: "Qualified name of the Function or Method whose callers to find",
        minLength: 1,
      },
      max_depth: {
        type: "integer",
        description: "How many CALLS steps to follow backwards (1: direct callers)",
        minimum: 1,
        maximum: 5,
        default: 1,
      },
      include_paths: {
        type: "boolean",
        description: "Include file_path, line_start and line_end in each node",
        default: true,
      },
      dispatch: {
        type: "boolean",
        description:
          "Include the callers of the methods the target overrides (a call on the base class or interface may run it), marked via: dispatch with the overridden method in through",
        default: true,
      },
      offset: {
        type: "integer",
        description: "Rows of the list to skip: the next page starts at metadata.next_offset (null when nothing is left)",
        minimum: 0,
        maximum: 1000000000,
        default: 0,
      },
      fields: {
        type: "array",
        description: "Node properties to add to the lean ones (label, qualified_name, name, file_path, line_start, line_end), or all",
        items: {
          type: "string",
          enum: ["all", "path", "byte_start", "byte_end", "language", "extension", "all_names", "has_all",
                 "reexported_names", "reexported_from",
                 "decorators", "docstring", "base_classes", "is_abstract", "is_async", "complexity", "class_name"],
        },
        uniqueItems: true,
      },
    },
    required: ["function_name"],
    additionalProperties: false,
  });
});
check("callees and call graph take dispatch, off by default", () => {
  const dispatch = {
    type: "boolean",
    description:
      "Also include the methods that override or implement each method called (a call on the base class or interface may run them), marked via: dispatch with the called method in through",
    default: false,
  };
  assert.deepEqual(Object.keys(tool("query_callees").inputSchema.properties), ["function_name", "max_depth", "dispatch", "offset", "fields"]);
  assert.deepEqual(tool("query_callees").inputSchema.properties.dispatch, dispatch);
  assert.deepEqual(tool("query_call_graph").inputSchema.properties.dispatch, dispatch);
  assert.match(tool("query_callees").description, /With dispatch, the methods that override or implement/);
  assert.match(tool("query_call_graph").description, /With dispatch/);
});
check("choice and range schemas", () => {
  const hierarchy = tool("query_hierarchy").inputSchema.properties;
  assert.deepEqual(hierarchy.direction.enum, ["up", "down", "both"]);
  assert.equal(hierarchy.direction.default, "both");
  assert.equal(hierarchy.max_depth.maximum, 10);
  const dependencies = tool("query_dependencies").inputSchema;
  assert.deepEqual(Object.keys(dependencies.properties), ["target", "dependency_type", "include_transitive", "offset", "fields"]);
  assert.deepEqual(dependencies.properties.dependency_type.enum, ["imports", "calls", "all"]);
  assert.deepEqual(Object.keys(tool("query_exports").inputSchema.properties), ["module_name", "include_private", "offset", "fields"]);
  assert.deepEqual(Object.keys(tool("query_implementations").inputSchema.properties), ["interface_name", "include_indirect", "offset", "fields"]);
  assert.deepEqual(Object.keys(tool("query_call_graph").inputSchema.properties), ["entry_point", "max_depth", "max_nodes", "dispatch", "fields"]);
  assert.equal(tool("query_call_graph").inputSchema.properties.max_nodes.maximum, 100);
  assert.deepEqual(tool("get_schema").inputSchema, { type: "object", properties: {}, required: [], additionalProperties: false });
});
check("descriptions say what each tool does, not the shared rules again", () => {
  for (const t of tools) {
    assert.ok(t.description.length > 80, t.name);
    for (const text of shared) assert.ok(!t.description.includes(text), `${t.name}: ${text}`);
  }
});
check("every tool is read-only, idempotent and closed-world", () => {
  for (const t of tools) {
    assert.deepEqual(t.annotations, { readOnlyHint: true, idempotentHint: true, openWorldHint: false }, t.name);
  }
});
check("every tool has an outputSchema: the document, its results' members and types", () => {
  for (const t of tools) {
    assert.equal(t.outputSchema.type, "object", t.name);
    assert.deepEqual(t.outputSchema.required, ["query", "results", "metadata"], t.name);
    assert.deepEqual(t.outputSchema.properties.metadata.required, ["execution_time_ms", "query_type"], t.name);
    assert.equal(t.outputSchema.properties.results.type, "object", t.name);
  }
  const callers = tool("query_callers").outputSchema;
  assert.deepEqual(callers.properties.results, {
    type: "object",
    properties: {
      callers: { type: "array", items: { $ref: "#/$defs/node" } },
      call_chains: { anyOf: [{ type: "array", items: { type: "array", items: { type: "string" } } }, { type: "null" }] },
    },
    required: ["callers", "call_chains"],
  });
  assert.deepEqual(callers.$defs.node.required, ["label", "qualified_name"]);
  assert.deepEqual(callers.$defs.node.properties.line_start, { type: "integer" });
  assert.deepEqual(tool("query_cycles").outputSchema.properties.results.properties.cycles.items.required,
                   ["cycle_type", "cycle_path", "cycle_length"]);
  assert.equal(tool("get_schema").outputSchema.$defs.node.type, "object"); // example edges name nodes
  assert.equal(tool("index_status").outputSchema.$defs, undefined);
  assert.deepEqual(tool("index_status").outputSchema.properties.results.required, [
    "database", "root", "indexed_at", "nodes", "relationships", "files_indexed", "up_to_date",
  ]);
});

// ---- each structural query: the CLI's answers ---------------------------
{
  const d = await ok(client, "query_callers", { function_name: "shop.util.log.log" });
  check("callers", () => {
    assert.equal(d.query, "callers of shop.util.log.log (depth 1)");
    assert.deepEqual(names(d.results.callers), [
      "shop.models.Base.save", "shop.models.User.validate", "shop.services.auth.AuthService.login",
    ]);
    assert.ok(d.results.callers.every((n) => n.depth === 1 && n.file_path && n.line_start > 0));
    assert.equal(d.results.call_chains, null);
    assert.equal(d.metadata.row_count, 3);
    assert.equal(d.metadata.total_count, 3);
    assert.equal(d.metadata.truncated, false);
    assert.equal(d.metadata.max_depth, 1);
    assert.equal(d.metadata.query_type, "structural");
    assert.ok(!JSON.stringify(d).includes('"id"'));
  });
}
{
  const d = await ok(client, "query_callers", { function_name: "log", max_depth: 3, include_paths: false });
  check("callers depth 3 without paths", () => {
    assert.equal(d.results.callers.length, 6);
    assert.ok(d.results.callers.every((n) => n.file_path === undefined));
    assert.deepEqual(d.results.call_chains[0], [
      "shop.services.auth", "shop.services.auth.main", "shop.services.auth.AuthService.login", "shop.util.log.log",
    ]);
  });
}
{
  const d = await ok(client, "query_callees", { function_name: "shop.services.auth.AuthService.logout" });
  check("callees", () => {
    assert.deepEqual(names(d.results.callees), ["shop.services.repo.Repo.get"]);
    assert.equal(d.metadata.unresolved_calls, 1);
  });
}
{
  const plain = await ok(client, "query_callees", { function_name: "shop.models.Base.save" });
  const d = await ok(client, "query_callees", { function_name: "shop.models.Base.save", dispatch: true });
  check("callees with dispatch", () => {
    assert.deepEqual(names(plain.results.callees), ["shop.util.log.log", "shop.models.Base.validate"]);
    assert.deepEqual(names(d.results.callees), ["shop.util.log.log", "shop.models.Base.validate", "shop.models.User.validate"]);
    assert.deepEqual(d.results.callees.map((n) => [n.via, n.through]), [
      [undefined, undefined], [undefined, undefined], ["dispatch", "shop.models.Base.validate"],
    ]);
    assert.equal(d.metadata.total_count, 3);
  });
  const graph = await ok(client, "query_call_graph", { entry_point: "shop.models.Base.save", dispatch: true });
  check("call graph with dispatch", () => {
    assert.deepEqual(names(graph.results.nodes), [
      "shop.models.Base.save", "shop.util.log.log", "shop.models.Base.validate", "shop.models.User.validate",
    ]);
    assert.deepEqual(graph.results.edges.filter((e) => e.via), [{
      from_function: "shop.models.Base.save", to_function: "shop.models.User.validate", call_type: "method",
      via: "dispatch", through: "shop.models.Base.validate",
      call_sites: [{ file_path: "src/shop/models.py", line: 8 }],
    }]);
  });
  await refused(client, "query_callees", { function_name: "shop.models.Base.save", dispatch: "yes" }, "INVALID_ARGUMENT");
}
{
  const first = await ok(client, "query_callers", { function_name: "shop.util.log.log" });
  const second = await ok(client, "query_callers", { function_name: "shop.util.log.log", offset: 2 });
  check("call sites and paging of query_callers", () => {
    assert.deepEqual(first.results.callers[2].call_sites, [
      { file_path: "src/shop/services/auth.py", line: 18 }, { file_path: "src/shop/services/auth.py", line: 19 },
    ]);
    assert.equal(first.metadata.offset, 0);
    assert.equal(first.metadata.next_offset, null);
    assert.deepEqual(names(second.results.callers), ["shop.services.auth.AuthService.login"]);
    assert.notDeepEqual(names(second.results.callers), names(first.results.callers));
    assert.deepEqual(names(second.results.callers), names(first.results.callers).slice(2));
    assert.equal(second.metadata.offset, 2);
    assert.equal(second.metadata.total_count, 3);
    for (const t of ["query_callers", "query_callees", "query_exports", "query_implementations", "get_children", "query_importers",
                     "query_hierarchy", "query_dependencies", "get_block_details", "get_source"]) {
      assert.equal(tool(t).inputSchema.properties.offset.minimum, 0, t);
    }
  });
  await refused(client, "query_callers", { function_name: "shop.util.log.log", offset: -1 }, "INVALID_ARGUMENT");
}
// ---- the agent-context tools ---------------------------------------------
{
  const d = await ok(client, "get_file_outline", { file_path: "src/shop/models.py", label: "Class" });
  check("get_file_outline", () => {
    assert.equal(d.query, "outline of shop.models (Class only)");
    assert.deepEqual(names(d.results.outline), ["shop.models.Base", "shop.models.User", "shop.models.Admin"]);
    assert.deepEqual(d.results.outline.map((n) => [n.line_start, n.parent, n.depth]), [
      [5, "shop.models", 1], [17, "shop.models", 1], [26, "shop.models", 1],
    ]);
    assert.equal(d.results.module_info.qualified_name, "shop.models");
    assert.ok(d.results.outline.every((n) => n.byte_end > n.byte_start));
  });
  const missing = await call(client, "get_file_outline", { file_path: "src/shop/model.py" });
  check("get_file_outline: an unknown file", () => {
    assert.equal(missing.isError, true);
    assert.equal(missing.doc.error_code, "NODE_NOT_FOUND");
    assert.deepEqual(missing.doc.suggestions, ["src/shop/models.py"]);
  });
}
{
  const d = await ok(client, "get_file_complexity", { file_path: "src/shop/services/auth.py" });
  check("get_file_complexity", () => {
    assert.deepEqual([d.results.lines, d.results.definitions, d.results.functions, d.results.classes,
                      d.results.imports, d.results.importers], [58, 10, 9, 1, 4, 1]);
    assert.deepEqual([d.results.total_complexity, d.results.max_complexity], [10, 2]);
    const recursive = d.results.function_complexity.find((f) => f.name === "recursive");
    assert.deepEqual([recursive.line_start, recursive.complexity], [44, 2]);
  });
}
{
  const d = await ok(client, "query_impact", { target: "shop.util.log.log" });
  check("query_impact", () => {
    assert.deepEqual(d.results.files.map((f) => [f.file_path, f.count]), [
      ["src/shop/models.py", 3], ["src/shop/services/auth.py", 3], ["src/shop/app.py", 1],
    ]);
    assert.equal(d.results.total, 7);
    const run = d.results.files[2].nodes[0];
    assert.equal(run.reason, "shop.app.run calls shop.models.User.validate, which calls shop.util.log.log");
    assert.equal(run.depth, 2);
    assert.equal(d.metadata.total_count, 7);
  });
}
{
  const d = await ok(client, "get_block_details", { name: "AuthService.logout" });
  check("get_block_details", () => {
    assert.deepEqual(d.results.nesting.map((n) => n.name), ["auth", "AuthService", "logout"]);
    assert.equal(d.results.parent.qualified_name, "shop.services.auth.AuthService");
    assert.deepEqual(d.results.calls.map((c) => [c.line, c.resolved, c.resolved ? c.callee.qualified_name : c.text]), [
      [25, false, "session.get"], [26, true, "shop.services.repo.Repo.get"],
    ]);
    assert.equal(d.results.unresolved_calls, 1);
    assert.deepEqual(d.results.relationships.CALLS, { outgoing: 1, incoming: 0 });
    assert.equal(d.results.source.text, '    def logout(self, session):\n        session.get("user")\n        self.repo.get("x")\n');
    assert.deepEqual([d.results.source.line_start, d.results.source.line_end], [24, 26]);
    assert.equal(d.results.source.changed_since_index, false);
  });
}
{
  const d = await ok(client, "get_source", { target: "src/shop/services/auth.py:29-30" });
  check("get_source", () => {
    assert.equal(d.results.text, "def build() -> AuthService:\n    return AuthService(repo_module.Repo())\n");
    assert.deepEqual(d.results.definitions.map((n) => n.qualified_name), ["shop.services.auth.build"]);
    assert.equal(d.results.module, "shop.services.auth");
    assert.equal(d.results.node, null);
  });
  const bad = await refused(client, "get_source", { target: "src/shop/services/auth.py:30-29" }, "INVALID_ARGUMENT");
  check("get_source: a backwards range", () => assert.match(bad.error, /START <= END/));
}
{
  const d = await ok(client, "query_why", { name: "AuthService.login" });
  check("query_why", () => {
    assert.deepEqual(d.results.upstream.tree.map((n) => [n.qualified_name, n.edge]), [
      ["shop.app.run", "CALLS"], ["shop.services.auth.main", "CALLS"],
    ]);
    assert.equal(d.results.upstream.tree[1].children[0].qualified_name, "shop.services.auth");
    assert.equal(d.results.upstream.reached, 4);
    assert.equal(d.results.downstream.direct, 3);
    assert.match(d.results.rendered, /^shop\.services\.auth\.AuthService\.login \(Method\)/);
    assert.match(d.results.rendered, /└── shop\.services\.repo\.Repo\.find  \[CALLS\]/);
  });
}
{
  const d = await ok(client, "get_context", { names: ["AuthService.login"], max_nodes: 6, budget: 60 });
  check("get_context", () => {
    assert.equal(d.results.version, 1);
    assert.deepEqual(d.results.focus.map((n) => n.qualified_name), ["shop.services.auth.AuthService.login"]);
    assert.deepEqual(d.results.nodes.map((n) => `${n.depth} ${n.qualified_name}`), [
      "0 shop.services.auth.AuthService.login", "1 shop.services.auth.AuthService", "1 shop.util.log.log",
      "1 shop.models.Base.save", "1 shop.services.repo.Repo.find", "1 shop.app.run",
    ]);
    assert.equal(d.results.edges.length, 7);
    assert.deepEqual(d.results.snippets.map((s) => [s.qualified_name, s.line_start, s.line_end, s.truncated]), [
      ["shop.services.auth.AuthService.login", 15, 22, false], ["shop.services.auth.AuthService", 10, 10, true],
    ]);
    assert.ok(d.results.budget.used_chars <= 240);
    assert.equal(d.results.truncated, true);
    assert.equal(d.metadata.truncated, true);
  });
  const one = await ok(client, "get_context", { names: "shop.app.run", max_depth: 1, budget: 0 });
  check("get_context: one name as a string", () => assert.equal(one.results.focus[0].qualified_name, "shop.app.run"));
  const bad = await refused(client, "get_context", { names: ["shop.app.run", 3] }, "INVALID_ARGUMENT");
  check("get_context: a number among the names", () => assert.match(bad.error, /array of strings/));
  const unknown = await refused(client, "get_context", { names: ["shop.app.runn"] }, "NODE_NOT_FOUND");
  check("get_context: an unknown name", () => assert.equal(unknown.suggestions[0], "shop.app.run"));
}
{
  const d = await ok(client, "list_unresolved", { target: "shop", reason: "unknown_receiver" });
  check("list_unresolved", () => {
    assert.deepEqual(d.results.unresolved, [{ caller: "shop.services.auth.AuthService.logout",
      file_path: "src/shop/services/auth.py", line: 25, text: "session.get", reason: "unknown_receiver" }]);
    assert.deepEqual(d.results.by_reason, { unknown_name: 3, unknown_receiver: 1 });
  });
  await refused(client, "list_unresolved", { target: "shop", reason: "why_not" }, "INVALID_ARGUMENT");
}
{
  const d = await ok(client, "search_code", { text: "login", limit: 3 });
  check("search_code: the definition named as written first, with its node_id", () => {
    assert.equal(d.results.hits[0].node.qualified_name, "shop.services.auth.AuthService.login");
    assert.equal(d.results.hits[0].exact_name, true);
    assert.deepEqual(d.results.hits[0].matched, ["login"]);
    assert.match(d.results.hits[0].node.node_id, /^[0-9a-f]{16}$/);
    assert.ok(d.results.hits.length <= 3 && d.metadata.offset === 0);
  });
  const none = await ok(client, "search_code", { text: "logn" });
  check("search_code: a typo suggests near words", () => {
    assert.equal(none.results.hits.length, 0);
    assert.ok(none.results.suggestions.includes("login"), JSON.stringify(none.results.suggestions));
  });
  const filtered = await ok(client, "search_code", { text: "login", label: "Module" });
  check("search_code: label filter", () => assert.ok(filtered.results.hits.every((h) => h.node.label === "Module")));
  await refused(client, "search_code", { text: "login", label: "Package" }, "INVALID_ARGUMENT");
  await refused(client, "search_code", { text: "login", limit: 500 }, "INVALID_ARGUMENT");
  const byId = await ok(client, "get_block_details", { name: d.results.hits[0].node.node_id, include_source: false });
  check("a node_id names its node", () =>
    assert.equal(byId.results.node.qualified_name, "shop.services.auth.AuthService.login"));
  const resolved = await ok(client, "resolve_nodes", {
    ids: [d.results.hits[0].node.node_id, "src/shop/models.py:21", "0123456789abcdef"],
  });
  check("resolve_nodes: each reference on its own", () => {
    assert.deepEqual(resolved.results.resolved.map((r) => r.found ? r.node.qualified_name : r.error.error_code),
      ["shop.services.auth.AuthService.login", "shop.models.User.validate", "NODE_NOT_FOUND"]);
    assert.equal(resolved.results.found, 2);
    assert.equal(resolved.results.missing, 1);
  });
  await refused(client, "resolve_nodes", { ids: [] }, "INVALID_ARGUMENT");
}
{
  check("search_semantic schema: vector is an array of numbers", () => {
    const schema = tool("search_semantic").inputSchema;
    assert.deepEqual(schema.properties.vector, {
      type: "array", description: schema.properties.vector.description, items: { type: "number" }, minItems: 1,
    });
    assert.deepEqual(schema.required, ["vector"]);
  });
  const near = await ok(client, "search_semantic", { vector: [0, 2, 0] });
  check("search_semantic: nearest by cosine similarity, nodes enriched", () => {
    assert.deepEqual(near.results.hits.map((h) => [h.node.qualified_name, h.score]),
      [["shop.util.log.log", 1], ["shop.models.User", 0.8], ["shop.services.auth.AuthService.login", 0]]);
    assert.equal(near.results.hits[0].node.file_path, "src/shop/util/log.py");
    assert.match(near.results.hits[0].node.node_id, /^[0-9a-f]{16}$/);
    assert.equal(near.results.dimension, 3);
    assert.equal(near.results.vectors, 3);
  });
  const classes = await ok(client, "search_semantic", { vector: [0, 2, 0], label: "Class" });
  check("search_semantic: label filter", () =>
    assert.deepEqual(classes.results.hits.map((h) => h.node.qualified_name), ["shop.models.User"]));
  const wrong = await refused(client, "search_semantic", { vector: [1, 0] }, "INVALID_ARGUMENT");
  check("search_semantic: a vector of another dimension", () =>
    assert.match(wrong.error, /has 2 numbers, but the graph's embeddings have 3/));
  await refused(client, "search_semantic", { vector: ["a"] }, "INVALID_ARGUMENT");
  // Vectors imported while the server runs are seen by the next call (the
  // snapshot itself is unchanged).
  const moreVectors = path.join(work, "more_vectors.jsonl");
  fs.writeFileSync(moreVectors, JSON.stringify({ qualified_name: "shop.models.Base", vector: [0, 0, 1] }) + "\n");
  execFileSync(trellis, ["embeddings", "import", moreVectors, "--db", db], { stdio: ["ignore", "ignore", "inherit"] });
  const imported = await ok(client, "search_semantic", { vector: [0, 0, 5] });
  check("search_semantic: vectors imported while serving are searched", () => {
    assert.equal(imported.results.vectors, 4);
    assert.deepEqual(imported.results.hits[0].node.qualified_name, "shop.models.Base");
    assert.equal(imported.results.hits[0].score, 1);
  });
  const similar = await ok(client, "find_similar", { name: "shop.services.auth.AuthService.login", limit: 3 });
  check("find_similar: the methods sharing a call, by the Jaccard index of their calls", () => {
    assert.equal(similar.results.target.qualified_name, "shop.services.auth.AuthService.login");
    assert.equal(similar.results.calls, 3);
    assert.deepEqual(similar.results.similar.map((m) => [m.node.qualified_name, m.score, m.exact_duplicate, m.shared_calls]),
      [["shop.models.Base.save", 0.125, false, ["shop.util.log.log"]],
        ["shop.models.User.validate", 0.125, false, ["shop.util.log.log"]]]);
  });
  await refused(client, "find_similar", { name: "shop.nothing.here" }, "NODE_NOT_FOUND");
}
{
  const d = await ok(client, "get_children", { name: "shop.models.User" });
  check("get_children", () => {
    assert.deepEqual(names(d.results.children), ["shop.models.User.__init__", "shop.models.User.validate"]);
    assert.equal(d.results.parent.qualified_name, "shop.models.User");
  });
}
{
  const d = await ok(client, "query_importers", { target: "shop.util.log", include_transitive: true });
  check("query_importers", () => {
    assert.deepEqual(d.results.importers.map((n) => `${n.depth} ${n.qualified_name}`), [
      "1 shop.models", "1 shop.services.auth", "2 shop", "2 shop.app", "2 shop.services", "2 shop.services.repo",
    ]);
    assert.equal(d.metadata.total_count, 6);
  });
}
{
  const d = await ok(client, "query_dependency_chain", { from: "shop.app", to: "shop.util.log" });
  check("query_dependency_chain", () => {
    assert.equal(d.results.rendered, "shop.app → shop.models → shop.util.log");
    assert.equal(d.results.dependency_type, "imports");
    assert.equal(d.results.found, true);
    assert.equal(d.results.length, 2);
  });
  const bad = await call(client, "query_dependency_chain", { from: "shop.app", to: "shop.util.log", dependency_type: "x" });
  check("query_dependency_chain: a bad choice", () => {
    assert.equal(bad.isError, true);
    assert.equal(bad.doc.error_code, "INVALID_ARGUMENT");
  });
}
{
  const d = await ok(client, "query_hierarchy", { class_name: "shop.models.User" });
  check("hierarchy", () => {
    assert.deepEqual(names(d.results.ancestors), ["shop.models.Base"]);
    assert.deepEqual(names(d.results.descendants), ["shop.models.Admin"]);
    assert.equal(d.results.hierarchy_tree.name, "shop.models.User");
    assert.deepEqual(d.results.circular_dependencies, []);
  });
  const down = await ok(client, "query_hierarchy", { class_name: "shop.models.Base", direction: "down", max_depth: 1 });
  check("hierarchy down 1", () => {
    assert.deepEqual(names(down.results.descendants), ["shop.models.User"]);
    assert.deepEqual(down.results.ancestors, []);
  });
}
{
  const d = await ok(client, "query_dependencies", { target: "shop.services.auth.AuthService.logout", dependency_type: "calls" });
  check("dependencies", () => {
    assert.deepEqual(names(d.results.calls), ["shop.services.repo.Repo.get"]);
    assert.deepEqual(d.results.dependency_graph, { "shop.services.auth.AuthService.logout": ["shop.services.repo.Repo.get"] });
  });
  const imports = await ok(client, "query_dependencies", { target: "shop.services.auth", dependency_type: "imports", include_transitive: false });
  check("dependencies imports", () => {
    assert.ok(names(imports.results.imports).includes("shop.services.repo"));
    assert.ok(names(imports.results.imports).includes("typing"));
    assert.deepEqual(imports.results.calls, []);
  });
}
{
  const d = await ok(client, "query_exports", { module_name: "shop.services.auth" });
  check("exports", () => {
    assert.deepEqual(names(d.results.exports), [
      "shop.services.auth.AuthService", "shop.services.auth.build", "shop.services.auth.main",
      "shop.services.auth.shadowed", "shop.services.auth.recursive", "shop.services.auth.ping", "shop.services.auth.pong",
    ]);
    assert.equal(d.results.module_info.qualified_name, "shop.services.auth");
  });
}
{
  // shop/__init__.py lists imported names in __all__: re-exported rows, checked against the outputSchema.
  const d = await ok(client, "query_exports", { module_name: "src/shop/__init__.py" });
  check("exports re-exported", () => {
    assert.deepEqual(d.results.exports.map((n) => [n.qualified_name, n.re_exported ?? false, n.exported_as ?? null]), [
      ["shop.make_user", false, null], ["shop.models.User", true, "User"], ["shop.models.Admin", true, "Admin"],
    ]);
  });
}
{
  const d = await ok(client, "query_implementations", { interface_name: "shop.models.Base", include_indirect: true });
  check("implementations", () => {
    assert.deepEqual(d.results.inheritance_depth, { "shop.models.User": 1, "shop.models.Admin": 2 });
  });
}
{
  const d = await ok(client, "query_call_graph", { entry_point: "shop.services.auth.ping" });
  check("call graph", () => {
    assert.deepEqual(names(d.results.nodes), ["shop.services.auth.ping", "shop.services.auth.pong"]);
    assert.equal(d.results.edges.length, 2);
    assert.equal(d.results.cycles[0].cycle_length, 2);
  });
  const cut = await ok(client, "query_call_graph", { entry_point: "main", max_nodes: 3 });
  check("call graph truncated", () => {
    assert.equal(cut.results.nodes.length, 3);
    assert.equal(cut.results.total_nodes, 11);
    assert.equal(cut.metadata.truncated, true);
  });
}
{
  const d = await ok(client, "query_call_path", { from_function: "shop.services.auth.main", to_function: "shop.util.log.log" });
  check("call path", () =>
    assert.deepEqual(names(d.results.path), ["shop.services.auth.main", "shop.services.auth.AuthService.login", "shop.util.log.log"]));
}

// ---- lean nodes, fields, and query_cycles --------------------------------
{
  const lean = await ok(client, "query_callers", { function_name: "shop.services.auth.AuthService.login" });
  check("callers: lean nodes by default", () => {
    assert.deepEqual(lean.results.callers.map((n) => Object.keys(n)), [
      ["label", "qualified_name", "name", "node_id", "file_path", "line_start", "line_end", "depth", "call_sites"],
      ["label", "qualified_name", "name", "node_id", "file_path", "line_start", "line_end", "depth", "call_sites"],
    ]);
    assert.deepEqual(lean.results.callers[0], {
      label: "Function", qualified_name: "shop.app.run", name: "run", node_id: "9695ced8c0d240ed", file_path: "src/shop/app.py",
      line_start: 6, line_end: 9, depth: 1, call_sites: [{ file_path: "src/shop/app.py", line: 9 }],
    });
  });
  const some = await ok(client, "query_callers", {
    function_name: "shop.services.auth.AuthService.login", fields: ["complexity", "is_async"],
  });
  check("callers: the fields asked for", () =>
    assert.deepEqual(some.results.callers[0], {
      label: "Function", qualified_name: "shop.app.run", name: "run", node_id: "9695ced8c0d240ed", file_path: "src/shop/app.py",
      line_start: 6, line_end: 9, is_async: false, complexity: 1, depth: 1,
      call_sites: [{ file_path: "src/shop/app.py", line: 9 }],
    }));
  const all = await ok(client, "query_callers", { function_name: "shop.services.auth.AuthService.login", fields: ["all"] });
  check("callers: all fields", () => {
    assert.deepEqual(Object.keys(all.results.callers[0]), [
      "label", "qualified_name", "name", "node_id", "file_path", "line_start", "line_end", "byte_start", "byte_end", "language",
      "is_async", "complexity", "depth", "call_sites",
    ]);
  });
  const bad = await refused(client, "query_callers", { function_name: "log", fields: ["docstrings"] }, "INVALID_ARGUMENT");
  check("fields: an unknown name", () => assert.match(bad.error, /'fields' takes some of all, path, .* got 'docstrings'/));
  const details = await ok(client, "get_block_details", { name: "shop.models.User.validate" });
  check("get_block_details: the block with all its properties, the nodes around it lean", () => {
    assert.equal(details.results.node.byte_start > 0, true);
    assert.equal(details.results.node.class_name, "User");
    assert.deepEqual(details.results.parent, {
      label: "Class", qualified_name: "shop.models.User", name: "User", node_id: "d211b5fc325492d5", line_start: 17, line_end: 23,
    });
  });
  const cycles = await ok(client, "query_cycles", {});
  check("query_cycles over CALLS", () => {
    assert.equal(cycles.query, "cycles over CALLS");
    assert.deepEqual(cycles.results.cycles, [
      { cycle_type: "CALLS", cycle_path: ["shop.cycle_a.a", "shop.cycle_b.b"], cycle_length: 2 },
      { cycle_type: "CALLS", cycle_path: ["shop.services.auth.ping", "shop.services.auth.pong"], cycle_length: 2 },
      { cycle_type: "CALLS", cycle_path: ["shop.services.auth.recursive"], cycle_length: 1 },
    ]);
    assert.deepEqual([cycles.metadata.row_count, cycles.metadata.total_count, cycles.metadata.next_offset], [3, 3, null]);
  });
  const imports = await ok(client, "query_cycles", { relationship_type: "IMPORTS", offset: 0 });
  check("query_cycles over IMPORTS", () =>
    assert.deepEqual(imports.results.cycles, [
      { cycle_type: "IMPORTS", cycle_path: ["shop.cycle_a", "shop.cycle_b"], cycle_length: 2 },
    ]));
  const page = await ok(client, "query_cycles", { offset: 2 });
  check("query_cycles paged", () => {
    assert.deepEqual(page.results.cycles.map((c) => c.cycle_path), [["shop.services.auth.recursive"]]);
    assert.deepEqual([page.metadata.offset, page.metadata.total_count], [2, 3]);
  });
  const none = await ok(client, "query_cycles", { relationship_type: "INHERITS" });
  check("query_cycles: none", () => assert.deepEqual(none.results.cycles, []));
  await refused(client, "query_cycles", { relationship_type: "CONTAINS" }, "INVALID_ARGUMENT");
}

{
  const d = await ok(client, "query_cypher", {
    query: "MATCH (f:Function {qualified_name: $q})<-[c:CALLS]-(g) RETURN g.qualified_name AS caller, c.call_type AS how ORDER BY caller",
    parameters: { q: "shop.util.log.log" },
    limit: 2,
  });
  check("cypher", () => {
    assert.deepEqual(d.results.columns, ["caller", "how"]);
    assert.deepEqual(d.results.rows, [
      { caller: "shop.models.Base.save", how: "direct" },
      { caller: "shop.models.User.validate", how: "direct" },
    ]);
    assert.equal(d.results.truncated, true);
    assert.equal(d.metadata.row_count, 2);
    assert.equal(d.metadata.total_count, 4);
    assert.equal(d.metadata.query_type, "cypher");
  });
  const schema = tool("query_cypher").inputSchema;
  check("query_cypher schema", () => {
    assert.deepEqual(schema.required, ["query"]);
    assert.equal(schema.properties.parameters.type, "object");
    assert.deepEqual([schema.properties.limit.minimum, schema.properties.limit.maximum, schema.properties.limit.default], [1, 1000, 50]);
  });
  const syntax = await call(client, "query_cypher", { query: "MATCH (f RETURN f" });
  check("cypher syntax error", () => {
    assert.equal(syntax.isError, true);
    assert.equal(syntax.doc.error_code, "CYPHER_SYNTAX_ERROR");
    assert.deepEqual([syntax.doc.line, syntax.doc.column], [1, 10]);
  });
  const write = await call(client, "query_cypher", { query: "MATCH (f) DELETE f" });
  check("cypher write refused", () => {
    assert.equal(write.isError, true);
    assert.equal(write.doc.error_code, "READ_ONLY");
  });
  const unknown = await call(client, "query_cypher", { query: "MATCH (f:Functoin) RETURN f" });
  check("cypher semantic error", () => {
    assert.equal(unknown.doc.error_code, "CYPHER_SEMANTIC_ERROR");
    assert.ok(unknown.doc.suggestions.includes("Function"), JSON.stringify(unknown.doc));
  });
  const badParameters = await call(client, "query_cypher", { query: "RETURN $q", parameters: { q: 1 }, limit: 0 });
  check("cypher limit range", () => assert.equal(badParameters.doc.error_code, "INVALID_ARGUMENT"));
}

// ---- the other tools ----------------------------------------------------
{
  const d = await ok(client, "search_symbols", { query: "lo" });
  check("search_symbols prefix and substring", () => {
    const hits = d.results.symbols.map((s) => [s.qualified_name, s.match]);
    assert.deepEqual(hits.slice(0, 4), [
      ["shop.util.log", "prefix"], ["shop.util.log.log", "prefix"], ["shop.services.auth.AuthService.login", "prefix"],
      ["shop.services.auth.AuthService.logout", "prefix"],
    ]);
    assert.equal(d.metadata.row_count, d.results.symbols.length);
  });
  const exact = await ok(client, "search_symbols", { query: "login" });
  check("search_symbols exact", () => {
    assert.deepEqual(exact.results.symbols[0], {
      label: "Method", qualified_name: "shop.services.auth.AuthService.login", name: "login", node_id: "051fb9d5626ef410",
      file_path: "src/shop/services/auth.py", line_start: 15, line_end: 22, match: "exact",
    });
  });
  const fuzzy = await ok(client, "search_symbols", { query: "lgoin" });
  check("search_symbols fuzzy", () =>
    assert.deepEqual(fuzzy.results.symbols.map((s) => [s.qualified_name, s.match]), [["shop.services.auth.AuthService.login", "fuzzy"]]));
  const scoped = await ok(client, "search_symbols", { query: "models.va", label: "Method", limit: 5 });
  check("search_symbols qualified and filtered", () =>
    assert.deepEqual(names(scoped.results.symbols), ["shop.models.Base.validate", "shop.models.User.validate"]));
}
{
  const d = await ok(client, "get_node", { qualified_name: "shop.util.log.log" });
  check("get_node", () => {
    assert.equal(d.query, "node shop.util.log.log");
    assert.equal(d.results.node.label, "Function");
    assert.equal(d.results.node.file_path, "src/shop/util/log.py");
    assert.deepEqual(d.results.relationships.CALLS, { outgoing: 0, incoming: 4 }); // login calls it twice
    assert.deepEqual(d.results.source, {
      file_path: "src/shop/util/log.py", line_start: 4, line_end: 6, truncated: false, changed_since_index: false,
      text: "def log(message):\n    print(message)\n    return os.getpid()\n",
    });
  });
  const short = await ok(client, "get_node", { qualified_name: "AuthService.login", max_lines: 2 });
  check("get_node max_lines", () => {
    assert.equal(short.results.source.line_start, 15);
    assert.equal(short.results.source.line_end, 16);
    assert.equal(short.results.source.truncated, true);
  });
  const pkg = await ok(client, "get_node", { qualified_name: "shop", label: "Package" });
  check("get_node label", () => {
    assert.equal(pkg.results.node.label, "Package");
    assert.equal(pkg.results.source, undefined);
  });
}
{
  const d = await ok(client, "get_schema", {});
  check("get_schema", () => {
    const labels = Object.fromEntries(d.results.labels.map((l) => [l.label, l]));
    assert.deepEqual(Object.keys(labels), ["Project", "Package", "ExternalPackage", "Module", "Interface", "Class", "Function", "Method"]);
    assert.equal(labels.Method.count, 13);
    assert.equal(labels.Function.count, 21);
    assert.deepEqual(labels.Project.properties, [
      { name: "qualified_name", type: "STRING" }, { name: "name", type: "STRING" }, { name: "path", type: "STRING" },
    ]);
    assert.ok(labels.Method.properties.some((p) => p.name === "class_name" && p.type === "STRING"));
    assert.equal(labels.Interface.example, null);
    const calls = d.results.relationship_types.find((r) => r.type === "CALLS");
    assert.equal(calls.count, 35);
    assert.deepEqual(calls.from, ["Module", "Function", "Method"]);
    assert.deepEqual(calls.to, ["Function", "Method", "Class"]);
    assert.deepEqual(calls.properties, [{ name: "call_type", type: "STRING" }, { name: "line", type: "INTEGER" }]);
    assert.ok(calls.example.from.qualified_name.startsWith("shop"));
    assert.match(d.results.qualified_names.format, /shop\.services\.auth/);
  });
}
{
  const d = await ok(client, "index_status", {});
  check("index_status fresh", () => {
    assert.equal(d.results.database, db);
    assert.equal(d.results.root, fs.realpathSync(root));
    assert.equal(d.results.files_indexed, 15);
    assert.equal(d.results.nodes, 62);
    assert.deepEqual([d.results.files_changed, d.results.files_deleted, d.results.files_added], [[], [], []]);
    assert.equal(d.results.up_to_date, true);
    assert.match(d.results.indexed_at, /^\d{4}-\d\d-\d\dT\d\d:\d\d:\d\dZ$/);
  });
}

// ---- refused calls: tool results with isError and the error object ------
{
  const d = await refused(client, "query_callers", { function_name: "shop.util.log.lgo" }, "NODE_NOT_FOUND");
  check("NODE_NOT_FOUND", () => {
    assert.equal(d.suggestions[0], "shop.util.log.log");
    assert.equal(d.suggestion, "Did you mean shop.util.log.log?");
    assert.deepEqual(d.provided_input, { function_name: "shop.util.log.lgo" });
  });
  const ambiguous = await refused(client, "query_callers", { function_name: "get" }, "AMBIGUOUS_NAME");
  check("AMBIGUOUS_NAME", () => assert.equal(ambiguous.suggestions.length, 3));
  const range = await refused(client, "query_callers", { function_name: "log", max_depth: 6 }, "INVALID_ARGUMENT");
  check("range", () => {
    assert.match(range.error, /1 to 5/);
    assert.deepEqual(range.provided_input, { function_name: "log", max_depth: 6 });
  });
  const choice = await refused(client, "query_hierarchy", { class_name: "shop.models.User", direction: "sideways" }, "INVALID_ARGUMENT");
  check("choice", () => assert.match(choice.error, /up, down, both/));
  const type = await refused(client, "query_callers", { function_name: "log", max_depth: "two" }, "INVALID_ARGUMENT");
  check("type", () => assert.match(type.error, /must be an integer/));
  const fraction = await refused(client, "query_callers", { function_name: "log", max_depth: 1.5 }, "INVALID_ARGUMENT");
  check("fraction", () => assert.match(fraction.error, /integer/));
  const unknown = await refused(client, "query_exports", { module_name: "shop", depth: 2 }, "INVALID_ARGUMENT");
  check("unknown parameter", () => assert.match(unknown.error, /no parameter 'depth'/));
  const missing = await refused(client, "query_callees", {}, "INVALID_ARGUMENT");
  check("missing parameter", () => assert.match(missing.error, /needs 'function_name'/));
  const array = await refused(client, "search_symbols", { query: ["a"] }, "INVALID_ARGUMENT");
  check("array argument", () => assert.match(array.error, /'query' must be a string, not an array/));
  const notFound = await refused(client, "get_node", { qualified_name: "shop.nothing" }, "NODE_NOT_FOUND");
  check("get_node not found", () => assert.ok(Array.isArray(notFound.suggestions)));
  await assert.rejects(client.callTool({ name: "query_nothing", arguments: {} }), (error) => {
    assert.ok(error instanceof McpError);
    assert.equal(error.code, -32602);
    assert.match(error.message, /Unknown tool: query_nothing/);
    return true;
  });
  checks += 1;
}
check("ping", () => {});
await client.ping();
check("every tool answered, each answer checked against its outputSchema", () =>
  assert.deepEqual([...answered].sort(), tools.map((t) => t.name).sort()));

// ---- the tree changes: index_status sees it, a new index is reloaded ----
fs.appendFileSync(path.join(root, "src/shop/app.py"), "\n\ndef audit():\n    from shop.util.log import log\n    log('audit')\n");
fs.writeFileSync(path.join(root, "src/shop/added.py"), "def fresh():\n    return 1\n");
fs.rmSync(path.join(root, "src/shop/cycle_b.py"));
{
  const d = await ok(client, "index_status", {});
  check("index_status after edits", () => {
    assert.deepEqual(d.results.files_changed, ["src/shop/app.py"]);
    assert.deepEqual(d.results.files_deleted, ["src/shop/cycle_b.py"]);
    assert.deepEqual(d.results.files_added, ["src/shop/added.py"]);
    assert.equal(d.results.up_to_date, false);
  });
  const run = await ok(client, "get_node", { qualified_name: "shop.app.run" });
  check("get_node sees a changed file", () => assert.equal(run.results.source.changed_since_index, true));
}
fs.utimesSync(path.join(root, "src/shop/models.py"), new Date(), new Date());
index();
{
  const d = await ok(client, "query_callers", { function_name: "shop.util.log.log" });
  check("reloaded after trellis index", () =>
    assert.deepEqual(names(d.results.callers), [
      "shop.app.audit", "shop.models.Base.save", "shop.models.User.validate", "shop.services.auth.AuthService.login",
    ]));
  const status = await ok(client, "index_status", {});
  check("index_status after reindex (a touch is no change)", () => {
    assert.equal(status.results.files_indexed, 15);
    assert.equal(status.results.up_to_date, true);
  });
}

// ---- get_node never reads outside the root ------------------------------
fs.writeFileSync(path.join(work, "secret.txt"), "def log(message):\n    secret\n    secret\n");
fs.rmSync(path.join(root, "src/shop/util/log.py"));
fs.symlinkSync(path.join(work, "secret.txt"), path.join(root, "src/shop/util/log.py"));
{
  const d = await ok(client, "get_node", { qualified_name: "shop.util.log.log" });
  check("symlink out of the root refused", () => {
    assert.equal(d.results.source, null);
    assert.match(d.results.source_error, /outside the indexed root/);
    assert.ok(!JSON.stringify(d).includes("secret"));
  });
}
await client.close();

// ---- TIMEOUT: a call past the time limit --------------------------------
{
  const slow = await connect(["--timeout-ms", "1"]);
  // A call that surely takes longer than 1 ms on any machine (10M rows counted,
  // ~100 ms): index_status of this small tree once answered in 0.92 ms on CI.
  const d = await refused(slow, "query_cypher", {
    query: "UNWIND range(1, 1000) AS a UNWIND range(1, 1000) AS b UNWIND range(1, 10) AS c RETURN count(*) AS n",
  }, "TIMEOUT");
  check("TIMEOUT", () => assert.match(d.error, /query_cypher took longer than the time limit of 1 ms/));
  await slow.ping();
  const again = await slow.listTools();
  check("serving after TIMEOUT", () => assert.equal(again.tools.length, tools.length));
  await slow.close();
}

// ---- no database yet: DATABASE_ERROR as a tool error --------------------
{
  const none = new Client({ name: "trellis-e2e", version: "1.0.0" });
  await none.connect(new StdioClientTransport({
    command: trellis, args: ["serve", "--db", path.join(work, "missing.trellis")], stderr: "pipe",
  }));
  const d = await refused(none, "get_schema", {}, "DATABASE_ERROR");
  check("DATABASE_ERROR", () => assert.match(d.error, /no graph snapshot/));
  await none.close();
}

fs.rmSync(work, { recursive: true, force: true });
console.log(`mcp sdk test: ${checks} checks passed`);
