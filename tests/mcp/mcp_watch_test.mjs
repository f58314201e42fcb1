// `trellis serve --watch` through the official MCP TypeScript SDK client:
// the server indexes the tree itself, and its answers follow edits to the
// files (a new caller, a renamed function, a deleted file) without anyone
// running `trellis index`. Two ways to find the tree: the working directory
// when there is no snapshot yet, and the folder an existing snapshot (--db)
// was indexed from (with --exclude). Every wait polls with a generous timeout.
// Usage: node tests/mcp/mcp_watch_test.mjs path/to/trellis path/to/source-tree
import assert from "node:assert/strict";
import { execFileSync } from "node:child_process";
import fs from "node:fs";
import os from "node:os";
import path from "node:path";
import { Client } from "@modelcontextprotocol/sdk/client/index.js";
import { StdioClientTransport } from "@modelcontextprotocol/sdk/client/stdio.js";

if (process.platform !== "linux") {
  console.log("skipped: serve --watch is Linux only");
  process.exit(0);
}

const trellis = path.resolve(process.argv[2]);
const sourceDir = path.resolve(process.argv[3]);
const work = fs.mkdtempSync(path.join(os.tmpdir(), "trellis-mcp-watch-"));
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

async function connect(args, cwd) {
  const client = new Client({ name: "trellis-watch-e2e", version: "1.0.0" });
  const transport = new StdioClientTransport({ command: trellis, args, cwd, stderr: "pipe" });
  let log = "";
  transport.stderr.on("data", (chunk) => (log += chunk));
  await client.connect(transport);
  return { client, log: () => log };
}

// The callers of shop.util.log.log, by qualified name (sorted); null while
// the tool refuses (no snapshot yet).
async function callers(client) {
  const result = await client.callTool({ name: "query_callers", arguments: { function_name: "shop.util.log.log" } });
  if (result.isError) return null;
  return result.structuredContent.results.callers.map((n) => n.qualified_name).sort();
}

// Polls `probe` until `done(value)` holds, for at most 90 s.
async function until(what, probe, done, log) {
  const giveUp = Date.now() + 90_000;
  let value;
  while (Date.now() < giveUp) {
    value = await probe();
    if (done(value)) return value;
    await new Promise((resolve) => setTimeout(resolve, 100));
  }
  throw new Error(`timed out waiting for ${what}; last answer ${JSON.stringify(value)}; server log:\n${log()}`);
}

const fixture = path.join(sourceDir, "tests/fixtures/python/shop");
const before = ["shop.models.Base.save", "shop.models.User.validate", "shop.services.auth.AuthService.login"];

// ---- no snapshot yet: the working directory is indexed and watched -------
{
  const root = path.join(work, "fresh");
  fs.cpSync(fixture, root, { recursive: true });
  const { client, log } = await connect(["serve", "--watch", "--quiet-ms", "200"], root);
  const first = await until("the first index", () => callers(client), (c) => c !== null, log);
  check("first index answers", () => assert.deepEqual(first, before));
  check("the snapshot is where trellis index puts it", () =>
    assert.ok(fs.existsSync(path.join(root, ".trellis/graph.trellis"))));
  check("the log says what is watched", () => assert.match(log(), /trellis serve: watching .*fresh \(\d+ folders\) into /));

  fs.writeFileSync(path.join(root, "src/shop/notify.py"),
    "from shop.util.log import log\n\n\ndef notify_admin(text):\n    return log(text)\n");
  const added = await until("the new caller", () => callers(client), (c) => c?.includes("shop.notify.notify_admin"), log);
  check("a new caller appears", () => assert.deepEqual(added, [...before, "shop.notify.notify_admin"].sort()));

  fs.writeFileSync(path.join(root, "src/shop/notify.py"),
    "from shop.util.log import log\n\n\ndef page_admin(text):\n    return log(text)\n");
  const renamed = await until("the renamed caller", () => callers(client),
    (c) => c?.includes("shop.notify.page_admin"), log);
  check("an edited function takes its new name", () =>
    assert.deepEqual(renamed, [...before, "shop.notify.page_admin"].sort()));

  fs.rmSync(path.join(root, "src/shop/notify.py"));
  const deleted = await until("the deleted caller to go", () => callers(client),
    (c) => c !== null && !c.includes("shop.notify.page_admin"), log);
  check("a deleted file's caller is gone", () => assert.deepEqual(deleted, before));
  check("the log has a line per re-index", () => assert.match(log(), /trellis serve: re-indexed after 1 change in \d+ ms/));
  await client.close();
}

// ---- an existing snapshot (--db elsewhere): its indexed folder is watched --
{
  const root = path.join(work, "indexed");
  const db = path.join(work, "indexed.trellis");
  fs.cpSync(fixture, root, { recursive: true });
  execFileSync(trellis, ["index", root, "--db", db], { stdio: ["ignore", "ignore", "inherit"] });
  const { client, log } = await connect(["serve", "--watch", "--db", db, "--exclude", "scratch/"], work);
  const atOnce = await callers(client);
  check("answers at once from the existing snapshot", () => assert.deepEqual(atOnce, before));
  // Written first: were --exclude not honoured, its caller would come with the edit below.
  fs.mkdirSync(path.join(root, "src/shop/scratch"));
  fs.writeFileSync(path.join(root, "src/shop/scratch/try.py"),
    "from shop.util.log import log\n\n\ndef attempt():\n    return log('x')\n");
  fs.appendFileSync(path.join(root, "src/shop/app.py"),
    "\n\ndef audit():\n    from shop.util.log import log\n    log('audit')\n");
  const edited = await until("the edit", () => callers(client), (c) => c?.includes("shop.app.audit"), log);
  check("an edit to an existing file is answered", () => assert.deepEqual(edited, ["shop.app.audit", ...before].sort()));
  check("watching the snapshot's folder", () => assert.ok(log().includes(`watching ${root} (`), log()));
  await client.close();
}

fs.rmSync(work, { recursive: true, force: true });
console.log(`mcp watch test: ${checks} checks passed`);
