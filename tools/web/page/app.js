// The page of `trellis web`: every answer comes from POST /api/call/<tool>,
// the MCP tools' documents (the same as the CLI's --json).
"use strict";

const $ = (id) => document.getElementById(id);
const status = (text) => { $("status").textContent = text; };

async function call(tool, args) {
  const response = await fetch(`/api/call/${tool}`, { method: "POST", body: JSON.stringify(args) });
  const document = await response.json();
  if (!response.ok) throw new Error(document.error || response.statusText);
  return document.results;
}

const graph = cytoscape({
  container: $("graph"),
  style: [
    { selector: "node", style: { label: "data(name)", "font-size": 10, "background-color": "#8aa4d6", width: 16, height: 16 } },
    { selector: "node[label = 'Class'], node[label = 'Interface']", style: { shape: "round-rectangle", "background-color": "#c7b3e5" } },
    { selector: "node[label = 'Module'], node[label = 'ExternalPackage']", style: { shape: "diamond", "background-color": "#bcd9a5" } },
    { selector: "node.root", style: { "border-width": 3, "border-color": "#333" } },
    { selector: "node:selected", style: { "background-color": "#f0a04b" } },
    { selector: "edge", style: { width: 1.5, "curve-style": "bezier", "target-arrow-shape": "triangle", "line-color": "#999", "target-arrow-color": "#999" } },
    { selector: "edge[type = 'INHERITS']", style: { "target-arrow-shape": "triangle-backcurve", "line-color": "#7a5bb5", "target-arrow-color": "#7a5bb5" } },
    { selector: "edge[type = 'IMPORTS']", style: { "line-style": "dashed", "line-color": "#5d9b3c", "target-arrow-color": "#5d9b3c" } },
    { selector: ".hidden", style: { display: "none" } },
  ],
  layout: { name: "grid" },
  minZoom: 0.2,
  maxZoom: 1.6,
});

function addNode(node, root = false) {
  const id = node.qualified_name ?? node.name;
  const existing = graph.getElementById(id);
  if (existing.length === 0) {
    graph.add({ group: "nodes", data: { id, name: node.name ?? id.split(".").pop(), label: node.label, file: node.file_path, line: node.line_start } });
  }
  if (root) graph.getElementById(id).addClass("root");
  return id;
}
function addEdge(source, target, type) {
  const id = `${type}:${source}->${target}`;
  if (graph.getElementById(id).length === 0 && graph.getElementById(source).length && graph.getElementById(target).length) {
    graph.add({ group: "edges", data: { id, source, target, type } });
  }
}

// Each view: the tool it calls and how its answer becomes nodes and edges.
const views = {
  async calls(name, depth) {
    const answer = await call("query_call_graph", { entry_point: name, max_depth: depth, max_nodes: 100 });
    answer.nodes.forEach((node, i) => addNode(node, i === 0));
    for (const edge of answer.edges) addEdge(edge.from_function, edge.to_function, "CALLS");
  },
  async callers(name, depth) {
    const target = (await call("get_node", { qualified_name: name })).node;
    const answer = await call("query_callers", { function_name: name, max_depth: depth });
    addNode(target, true);
    for (const caller of answer.callers) addNode(caller);
    // Deeper answers give one shortest chain per caller, ending at the target.
    const chains = answer.call_chains ?? answer.callers.map((caller) => [caller.qualified_name, target.qualified_name]);
    for (const chain of chains) for (let i = 1; i < chain.length; ++i) addEdge(chain[i - 1], chain[i], "CALLS");
  },
  async hierarchy(name, depth) {
    const answer = await call("query_hierarchy", { class_name: name, max_depth: depth });
    const walk = (tree, root) => {
      addNode({ qualified_name: tree.name, label: tree.label }, root);
      for (const child of tree.children ?? []) { walk(child, false); addEdge(child.name, tree.name, "INHERITS"); }
      for (const parent of tree.parents ?? []) { walk(parent, false); addEdge(tree.name, parent.name, "INHERITS"); }
    };
    walk(answer.hierarchy_tree, true);
  },
  async imports(name) {
    const module = (await call("get_node", { qualified_name: name })).node;
    const answer = await call("query_dependencies", { target: name, dependency_type: "imports" });
    addNode(module, true);
    for (const imported of answer.imports.filter((node) => node.depth === 1)) {
      addNode(imported);
      addEdge(module.qualified_name, imported.qualified_name, "IMPORTS");
    }
  },
};

function applyFilters() {
  const shown = new Set([...document.querySelectorAll("#filters input:checked")].map((box) => box.value));
  graph.edges().forEach((edge) => edge.toggleClass("hidden", !shown.has(edge.data("type"))));
}

async function show(name, { expand = false } = {}) {
  const view = $("view").value;
  const depth = Number($("depth").value) || 1;
  status(`Loading ${view} of ${name}…`);
  try {
    if (!expand) graph.elements().remove();
    await views[view](name, depth);
    applyFilters();
    graph.layout({ name: "breadthfirst", directed: true, spacingFactor: 1.1, animate: false }).run();
    select(name);
    status(`${graph.nodes().length} nodes, ${graph.edges().length} edges`);
  } catch (error) {
    status(error.message);
  }
}

async function select(name) {
  graph.nodes().unselect();
  graph.getElementById(name).select();
  $("detail-title").textContent = name;
  $("expand").disabled = false;
  $("expand").dataset.name = name;
  try {
    const source = await call("get_source", { target: name });
    $("detail-location").textContent = `${source.file_path}:${source.line_start}-${source.line_end}`;
    $("source").textContent = source.text;
  } catch (error) {
    $("detail-location").textContent = "";
    $("source").textContent = error.message;
  }
}

$("search-form").addEventListener("submit", async (event) => {
  event.preventDefault();
  const text = $("search").value.trim();
  if (!text) return;
  status(`Searching ${text}…`);
  try {
    const answer = await call("search_symbols", { query: text, limit: 30 });
    const list = $("results");
    list.replaceChildren();
    for (const symbol of answer.symbols) {
      const button = document.createElement("button");
      button.type = "button";
      button.className = "result";
      button.dataset.name = symbol.qualified_name;
      button.textContent = symbol.qualified_name;
      const where = document.createElement("small");
      where.textContent = `${symbol.label}${symbol.file_path ? ` · ${symbol.file_path}:${symbol.line_start}` : ""}`;
      button.append(where);
      button.addEventListener("click", () => {
        list.querySelectorAll(".chosen").forEach((other) => other.classList.remove("chosen"));
        button.classList.add("chosen");
        show(symbol.qualified_name);
      });
      list.append(button);
    }
    status(answer.symbols.length ? `${answer.symbols.length} matches` : `Nothing matches ${text}`);
  } catch (error) {
    status(error.message);
  }
});
graph.on("tap", "node", (event) => select(event.target.id()));
$("expand").addEventListener("click", () => show($("expand").dataset.name, { expand: true }));
document.querySelectorAll("#filters input").forEach((box) => box.addEventListener("change", applyFilters));
// Tests and scripts read the graph through this.
window.trellisGraph = graph;
