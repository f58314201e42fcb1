// Runs one query kind over its targets: a warm-up run, then `runs` timed
// runs per target. A timed run covers executing the prepared statement and
// fetching every row into JS objects (getAllSync), on the monotonic clock
// (performance.now). The synchronous API keeps the libuv thread pool hop
// out of the figures.
import { answerRecord } from "./answer_record.mjs";
import { summarize } from "./latency.mjs";

function parameters(kind, target) {
  return kind.lookup === "qualified_name"
    ? { qualified_name: target.qualified_name, label: target.label }
    : { id: target.id };
}

function execute(connection, statement, params) {
  const result = connection.executeSync(statement, params);
  const rows = result.getAllSync();
  result.close();
  return rows;
}

export function measureKind(connection, kind, targets, runs) {
  const statement = connection.prepareSync(kind.cypher);
  if (!statement.isSuccess()) throw new Error(`${kind.name}: ${statement.getErrorMessage()}`);
  const answers = targets.map((target) => ({ target, latencies: [], rows: null, error: null }));
  if (answers.length > 0) {
    try {
      execute(connection, statement, parameters(kind, targets[0]));
    } catch (error) {
      answers[0].error = String(error.message ?? error);
    }
  }
  for (let run = 0; run < runs; ++run) {
    for (const answer of answers) {
      if (answer.error) continue;
      try {
        const start = performance.now();
        const rows = execute(connection, statement, parameters(kind, answer.target));
        answer.latencies.push(performance.now() - start);
        answer.rows ??= rows;
      } catch (error) {
        answer.error = String(error.message ?? error);
      }
    }
  }
  const samples = answers.flatMap((answer) => answer.latencies);
  return {
    target_kind: kind.targets,
    description: kind.description,
    lookup: kind.lookup,
    cypher: kind.cypher,
    latency_ms: summarize(samples),
    errors: answers.filter((a) => a.error).length,
    answers: answers.map((a) =>
      a.error
        ? { qualified_name: a.target.qualified_name, id: a.target.id, origin: a.target.origin, error: a.error }
        : {
            ...answerRecord(a.target, a.rows.map((row) => [Number(row.id), Number(row.depth)])),
            latency_ms: a.latencies,
          },
    ),
  };
}
