// The web view in a real browser: `trellis web` on a fixture graph, driven
// in headless Chromium (Debian's, through puppeteer-core): type a name,
// pick a result, check the graph the page draws against the CLI's answer,
// click a node and read its source in the side panel, expand it, switch to
// the class hierarchy, filter a relationship type, and save a screenshot.
// Usage: node web_view_test.mjs TRELLIS DB SCREENSHOT.png
// Exits 77 when Chromium is not installed.
import { execFileSync, spawn } from "node:child_process";
import fs from "node:fs";
import readline from "node:readline";
import puppeteer from "puppeteer-core";

const [trellis, db, screenshot] = process.argv.slice(2);
const chromium = ["/usr/bin/chromium", "/usr/bin/chromium-browser"].find((path) => fs.existsSync(path));
if (!chromium) {
  console.log("Chromium is not installed (apt-get install chromium; scripts/setup.sh does): skipped");
  process.exit(77);
}

let failures = 0;
function check(what, ok, detail = "") {
  if (!ok) {
    console.error(`FAIL: ${what} ${detail}`);
    ++failures;
  }
}
const cli = (...args) => JSON.parse(execFileSync(trellis, [...args, "--db", db, "--json"], { encoding: "utf8" })).results;

const server = spawn(trellis, ["web", "--db", db, "--port", "0"], { stdio: ["ignore", "pipe", "inherit"] });
const url = await new Promise((resolve, reject) => {
  readline.createInterface({ input: server.stdout }).on("line", (line) => {
    const match = line.match(/ at (http:\/\/\S+)$/);
    if (match) resolve(match[1]);
  });
  server.on("exit", (code) => reject(new Error(`trellis web exited with ${code}`)));
});

const browser = await puppeteer.launch({ executablePath: chromium, headless: true, args: ["--no-sandbox", "--disable-gpu"] });
try {
  const page = await browser.newPage();
  await page.setViewport({ width: 1400, height: 900 });
  const pageErrors = [];
  page.on("pageerror", (error) => pageErrors.push(error.message));
  await page.goto(url, { waitUntil: "load" });

  const graphNodes = () => page.evaluate(() => window.trellisGraph.nodes().map((node) => node.id()).sort());
  const graphEdges = () => page.evaluate(() => window.trellisGraph.edges().map((edge) => `${edge.source().id()} -> ${edge.target().id()}`).sort());
  const settled = async (text) => {
    try {
      await page.waitForFunction((t) => document.getElementById("status").textContent.includes(t), { timeout: 10000 }, text);
    } catch (error) {
      const shown = await page.$eval("#status", (element) => element.textContent);
      throw new Error(`the page never said "${text}"; its status: "${shown}"; script errors: ${JSON.stringify(pageErrors)}`);
    }
  };

  // Search, then pick the result: the call graph the CLI gives.
  await page.type("#search", "main");
  await page.keyboard.press("Enter");
  await page.waitForSelector('#results button[data-name="shop.services.auth.main"]');
  const names = await page.$$eval("#results button", (buttons) => buttons.map((button) => button.dataset.name));
  check("search lists shop.services.auth.main", names.includes("shop.services.auth.main"), JSON.stringify(names));
  await page.click('#results button[data-name="shop.services.auth.main"]');
  await settled("nodes,");
  const expected = cli("query", "call-graph", "shop.services.auth.main", "--depth", "2");
  check("call graph nodes", JSON.stringify(await graphNodes()) === JSON.stringify(expected.nodes.map((n) => n.qualified_name).sort()),
    JSON.stringify(await graphNodes()));
  const expectedEdges = [...new Set(expected.edges.map((e) => `${e.from_function} -> ${e.to_function}`))].sort();
  check("call graph edges", JSON.stringify(await graphEdges()) === JSON.stringify(expectedEdges), JSON.stringify(await graphEdges()));

  // Click a node where the page drew it: its source in the side panel.
  const login = "shop.services.auth.AuthService.login";
  const at = await page.evaluate((id) => {
    const box = document.getElementById("graph").getBoundingClientRect();
    const position = window.trellisGraph.getElementById(id).renderedPosition();
    return { x: box.left + position.x, y: box.top + position.y };
  }, login);
  await page.mouse.click(at.x, at.y);
  await page.waitForFunction((id) => document.getElementById("detail-title").textContent === id, {}, login);
  await page.waitForFunction(() => document.getElementById("source").textContent.includes("def login"));
  const location = await page.$eval("#detail-location", (element) => element.textContent);
  check("source location", location === "src/shop/services/auth.py:15-22", location);

  // Expand the clicked node: its own call graph joins the picture.
  const before = await graphNodes();
  await page.click("#expand");
  await settled("nodes,");
  const after = await graphNodes();
  check("expand keeps the graph", before.every((id) => after.includes(id)), JSON.stringify(after));
  check("expand adds login's callees", after.includes("shop.util.log.log"), JSON.stringify(after));

  // The class hierarchy view, and the relationship-type filter.
  await page.select("#view", "hierarchy");
  await page.$eval("#search", (input) => { input.value = ""; });
  await page.type("#search", "User");
  await page.keyboard.press("Enter");
  await page.waitForSelector('#results button[data-name="shop.models.User"]');
  await page.click('#results button[data-name="shop.models.User"]');
  await settled("nodes,");
  check("hierarchy nodes", JSON.stringify(await graphNodes()) === JSON.stringify(["shop.models.Admin", "shop.models.Base", "shop.models.User"]),
    JSON.stringify(await graphNodes()));
  check("hierarchy edges", JSON.stringify(await graphEdges()) === JSON.stringify(["shop.models.Admin -> shop.models.User", "shop.models.User -> shop.models.Base"]),
    JSON.stringify(await graphEdges()));
  await page.click('#filters input[value="INHERITS"]');
  const hidden = await page.evaluate(() => window.trellisGraph.edges(".hidden").length);
  check("the INHERITS filter hides both edges", hidden === 2, String(hidden));
  await page.click('#filters input[value="INHERITS"]');

  // A name that matches nothing says so.
  await page.$eval("#search", (input) => { input.value = ""; });
  await page.type("#search", "zzzqqq");
  await page.keyboard.press("Enter");
  await settled("Nothing matches zzzqqq");

  await page.screenshot({ path: screenshot });
  check("no script errors", pageErrors.length === 0, JSON.stringify(pageErrors));
} finally {
  await browser.close();
  server.kill("SIGINT");
}
const code = await new Promise((resolve) => server.on("exit", (c, signal) => resolve(c ?? signal)));
check("trellis web stops on SIGINT with status 0", code === 0, String(code));
if (failures) process.exit(1);
console.log(`web view: all checks passed; screenshot ${screenshot}`);
