// Values of both engines in one comparable form: Trellis's --json shapes
// (CONTRACT.md: a node is its label and its non-null properties, a
// relationship {type, from, to, ...properties} with qualified names, a path
// {nodes, relationships}); map keys sorted, so key order never matters.

// A Kùzu value (node, relationship, recursive relationship/path, list,
// struct, BigInt) as Trellis writes the same value. `qualifiedNames` maps a
// node's id (its offset in the single Node table) to its qualified name.
export function kuzuValue(value, qualifiedNames) {
  if (typeof value === "bigint") return Number(value);
  if (Array.isArray(value)) return value.map((item) => kuzuValue(item, qualifiedNames));
  if (value === null || typeof value !== "object") return value ?? null;
  if ("_nodes" in value && "_rels" in value) {
    return {
      nodes: value._nodes.map((n) => kuzuValue(n, qualifiedNames)),
      relationships: value._rels.map((r) => kuzuValue(r, qualifiedNames)),
    };
  }
  const properties = (object, hidden) =>
    Object.fromEntries(
      Object.entries(object)
        .filter(([key, v]) => !key.startsWith("_") && !hidden.includes(key) && v !== null)
        .map(([key, v]) => [key, kuzuValue(v, qualifiedNames)]),
    );
  if ("_src" in value && "_dst" in value) {
    return {
      type: value._label,
      from: qualifiedNames.get(value._src.offset),
      to: qualifiedNames.get(value._dst.offset),
      ...properties(value, []),
    };
  }
  if ("_id" in value && "_label" in value) return properties(value, ["id"]);
  return Object.fromEntries(Object.entries(value).map(([key, v]) => [key, kuzuValue(v, qualifiedNames)]));
}

// A Trellis value without the nodes' `node_id`: the stable id is computed
// from the node, not a column of the interchange CSV Kùzu loads.
export function withoutNodeIds(value) {
  if (Array.isArray(value)) return value.map(withoutNodeIds);
  if (value === null || typeof value !== "object") return value;
  return Object.fromEntries(
    Object.entries(value)
      .filter(([key]) => !(key === "node_id" && "label" in value))
      .map(([key, v]) => [key, withoutNodeIds(v)]),
  );
}

// Maps with sorted keys, recursively.
export function canonical(value) {
  if (Array.isArray(value)) return value.map(canonical);
  if (value === null || typeof value !== "object") return value;
  return Object.fromEntries(
    Object.keys(value)
      .sort()
      .map((key) => [key, canonical(value[key])]),
  );
}
