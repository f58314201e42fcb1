// `trellis serve` (the MCP server) as a bench client drives it: one
// long-lived process over a snapshot, JSON-RPC lines on its stdin and
// stdout, Cypher through the query_cypher tool. Lets a script run many
// queries in one process and read that process's memory between them.
import { spawn } from "node:child_process";
import fs from "node:fs";
import readline from "node:readline";

function statusBytes(pid, field) {
  const status = fs.readFileSync(`/proc/${pid}/status`, "utf8");
  const match = status.match(new RegExp(`^${field}:\\s+(\\d+) kB`, "m"));
  return match ? Number(match[1]) * 1024 : null;
}

// Starts the server on `snapshot` and completes the MCP handshake.
// Returns {cypher(query, params) -> {rows, ms}, memory() -> {rss_bytes,
// peak_rss_bytes}, close()}; `ms` is the answer's execution_time_ms.
export async function startTrellisServer(binary, snapshot, { timeoutMs = 600000 } = {}) {
  const child = spawn(binary, ["serve", "--db", snapshot, "--timeout-ms", String(timeoutMs)], {
    stdio: ["pipe", "pipe", "inherit"],
  });
  const pending = new Map();
  let nextId = 1;
  let exited = null;
  child.on("exit", (code) => {
    exited = code;
    for (const { reject } of pending.values()) reject(new Error(`trellis serve exited with ${code}`));
    pending.clear();
  });
  readline.createInterface({ input: child.stdout }).on("line", (line) => {
    const message = JSON.parse(line);
    const waiter = pending.get(message.id);
    if (!waiter) return;
    pending.delete(message.id);
    if (message.error) waiter.reject(new Error(JSON.stringify(message.error)));
    else waiter.resolve(message.result);
  });
  const request = (method, params) =>
    new Promise((resolve, reject) => {
      if (exited !== null) return reject(new Error(`trellis serve exited with ${exited}`));
      const id = nextId++;
      pending.set(id, { resolve, reject });
      child.stdin.write(JSON.stringify({ jsonrpc: "2.0", id, method, params }) + "\n");
    });
  await request("initialize", { protocolVersion: "2024-11-05", capabilities: {}, clientInfo: { name: "bench", version: "1" } });
  child.stdin.write(JSON.stringify({ jsonrpc: "2.0", method: "notifications/initialized" }) + "\n");
  return {
    async cypher(query, parameters = {}, limit = 1000) {
      const result = await request("tools/call", { name: "query_cypher", arguments: { query, parameters, limit } });
      const document = JSON.parse(result.content[0].text);
      if (result.isError || document.error) throw new Error(`${query}: ${result.content[0].text.slice(0, 300)}`);
      const { columns, rows } = document.results;
      return { rows: rows.map((row) => columns.map((c) => row[c])), ms: document.metadata.execution_time_ms };
    },
    memory() {
      return { rss_bytes: statusBytes(child.pid, "VmRSS"), peak_rss_bytes: statusBytes(child.pid, "VmHWM") };
    },
    close() {
      return new Promise((resolve) => {
        if (exited !== null) return resolve();
        child.on("exit", () => resolve());
        child.stdin.end();
      });
    },
  };
}
