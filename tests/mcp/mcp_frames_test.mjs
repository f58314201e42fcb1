// `trellis serve` under malformed and unusual frames, spoken raw over its
// stdio: each gets the JSON-RPC answer it should (or none), and the server
// keeps serving; stdout carries nothing but protocol messages; end of
// input ends it with status 0.
// Usage: node tests/mcp/mcp_frames_test.mjs path/to/trellis path/to/source-tree
import assert from "node:assert/strict";
import { execFileSync, spawn } from "node:child_process";
import fs from "node:fs";
import os from "node:os";
import path from "node:path";
import readline from "node:readline";

const trellis = path.resolve(process.argv[2]);
const sourceDir = path.resolve(process.argv[3]);
const work = fs.mkdtempSync(path.join(os.tmpdir(), "trellis-frames-"));
const db = path.join(work, "shop.trellis");
execFileSync(trellis, ["index", path.join(sourceDir, "tests/fixtures/python/shop"), "--db", db], { stdio: "ignore" });

// --help says how to register the server and lists every tool.
const help = execFileSync(trellis, ["serve", "--help"], { encoding: "utf8" });
for (const text of ["mcpServers", "--timeout-ms", "--max-request-bytes", "2025-06-18", "index_status", "search_symbols"]) {
  assert.ok(help.includes(text), `serve --help lacks ${text}`);
}

const server = spawn(trellis, ["serve", "--db", db, "--max-request-bytes", "4096"], { stdio: ["pipe", "pipe", "pipe"] });
let stderr = "";
server.stderr.on("data", (chunk) => (stderr += chunk));
const exited = new Promise((resolve) => server.on("exit", (code) => resolve(code)));
const waiting = [];
const lines = [];
readline.createInterface({ input: server.stdout }).on("line", (line) => {
  const message = JSON.parse(line); // stdout carries only JSON-RPC messages
  for (const one of Array.isArray(message) ? message : [message]) assert.equal(one.jsonrpc, "2.0");
  if (waiting.length > 0) waiting.shift()(message);
  else lines.push(message);
});
const next = () =>
  lines.length > 0
    ? Promise.resolve(lines.shift())
    : new Promise((resolve, reject) => {
        const timer = setTimeout(() => reject(new Error(`no answer; stderr: ${stderr}`)), 10000);
        waiting.push((m) => {
          clearTimeout(timer);
          resolve(m);
        });
      });
const send = (text) => server.stdin.write(text);
const ask = async (text) => {
  send(text + "\n");
  return next();
};
let checks = 0;
const expectError = (answer, id, code, pattern) => {
  assert.deepEqual(Object.keys(answer), ["jsonrpc", "id", "error"]);
  assert.equal(answer.id, id);
  assert.equal(answer.error.code, code, JSON.stringify(answer));
  if (pattern) assert.match(answer.error.message, pattern);
  checks += 1;
};
const ping = async (id) => {
  const answer = await ask(JSON.stringify({ jsonrpc: "2.0", id, method: "ping" }));
  assert.deepEqual(answer, { jsonrpc: "2.0", id, result: {} });
  checks += 1;
};

// Version negotiation: a known older revision is kept, an unknown one gets the newest.
let answer = await ask(JSON.stringify({ jsonrpc: "2.0", id: 1, method: "initialize", params: { protocolVersion: "2024-11-05", capabilities: {}, clientInfo: { name: "raw", version: "0" } } }));
assert.equal(answer.result.protocolVersion, "2024-11-05");
answer = await ask(JSON.stringify({ jsonrpc: "2.0", id: 2, method: "initialize", params: { protocolVersion: "1999-01-01" } }));
assert.equal(answer.result.protocolVersion, "2025-06-18");
assert.equal(answer.result.serverInfo.name, "trellis");
checks += 2;
send(JSON.stringify({ jsonrpc: "2.0", method: "notifications/initialized" }) + "\n");

expectError(await ask("{bad json"), null, -32700, /Parse error/);
expectError(await ask('{"jsonrpc":"2.0","id":3,"method":"ping"'), null, -32700);
await ping(4);
expectError(await ask(JSON.stringify({ jsonrpc: "2.0", id: "abc", method: "resources/list" })), "abc", -32601, /resources\/list/);
expectError(await ask(JSON.stringify({ jsonrpc: "2.0", id: 5, method: "initialize", params: {} })), 5, -32602, /protocolVersion/);
expectError(await ask(JSON.stringify({ jsonrpc: "2.0", id: 6, method: "tools/call", params: {} })), 6, -32602, /params.name/);
expectError(await ask(JSON.stringify({ jsonrpc: "2.0", id: 7, method: "tools/call", params: { name: "query_callers", arguments: [1] } })), 7, -32602, /arguments must be an object/);
expectError(await ask(JSON.stringify({ jsonrpc: "2.0", id: 8, method: "tools/call", params: { name: "nope" } })), 8, -32602, /Unknown tool: nope/);
expectError(await ask(JSON.stringify({ jsonrpc: "1.0", id: 9, method: "ping" })), 9, -32600, /2\.0/);
expectError(await ask(JSON.stringify({ jsonrpc: "2.0", id: 10 })), 10, -32600, /method/);
expectError(await ask(JSON.stringify({ jsonrpc: "2.0", id: 11, method: 5 })), 11, -32600);
expectError(await ask(JSON.stringify({ jsonrpc: "2.0", id: { x: 1 }, method: "ping" })), null, -32600, /id/);
expectError(await ask(JSON.stringify({ jsonrpc: "2.0", id: 12, method: "ping", params: "x" })), 12, -32600, /params/);
expectError(await ask("42"), null, -32600);
expectError(await ask("[]"), null, -32600, /empty batch/);

// Oversized lines are refused unread, whether they come in one piece or several.
expectError(await ask(JSON.stringify({ jsonrpc: "2.0", id: 13, method: "ping", params: { pad: "x".repeat(5000) } })), null, -32600, /limit is 4096 bytes/);
send('{"jsonrpc":"2.0","id":14,"method":"ping","params":{"pad":"' + "y".repeat(100000));
send("y".repeat(200000) + '"}}\n');
expectError(await next(), null, -32600, /refused/);
await ping(15);

// Notifications (known or not, and a client's response) get no answer: the next answer is the ping's.
send(JSON.stringify({ jsonrpc: "2.0", method: "notifications/cancelled", params: { requestId: 3 } }) + "\n");
send(JSON.stringify({ jsonrpc: "2.0", method: "no/such/notification" }) + "\n");
send(JSON.stringify({ jsonrpc: "2.0", id: 99, result: {} }) + "\n");
send("\n   \n");
await ping(16);

// A batch answers its requests in one array; CRLF framing works; a tool call still answers.
send(JSON.stringify([{ jsonrpc: "2.0", id: 17, method: "ping" }, { jsonrpc: "2.0", method: "notifications/initialized" }, { jsonrpc: "2.0", id: 18, method: "nope" }]) + "\n");
const batch = await next();
assert.deepEqual(batch, [
  { jsonrpc: "2.0", id: 17, result: {} },
  { jsonrpc: "2.0", id: 18, error: { code: -32601, message: "Method not found: nope" } },
]);
checks += 1;
answer = await ask(JSON.stringify({ jsonrpc: "2.0", id: 19, method: "tools/call", params: { name: "query_callers", arguments: { function_name: "shop.util.log.log" } } }) + "\r");
assert.equal(answer.id, 19);
assert.equal(answer.result.isError, false);
assert.equal(answer.result.structuredContent.metadata.row_count, 3);
checks += 1;

// A last message without its newline is still answered, then end of input ends the server cleanly.
send(JSON.stringify({ jsonrpc: "2.0", id: 20, method: "ping" }));
server.stdin.end();
assert.deepEqual(await next(), { jsonrpc: "2.0", id: 20, result: {} });
assert.equal(await exited, 0);
checks += 2;
fs.rmSync(work, { recursive: true, force: true });
console.log(`mcp frames test: ${checks} checks passed`);
