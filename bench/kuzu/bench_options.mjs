// The command line of the bench scripts: node's parseArgs with the script's
// usage line. An unknown option, a missing required one or a bad value
// prints the usage and exits 2; --help prints it and exits 0.
import { parseArgs } from "node:util";

// `spec` is parseArgs's `options` (a `help` flag is added); `required`
// names the options that must be given. Returns the values.
export function commandLine(usage, spec, required = []) {
  let values;
  try {
    ({ values } = parseArgs({ options: { ...spec, help: { type: "boolean", default: false } } }));
  } catch (error) {
    console.error(`${error.message}\n${usage}`);
    process.exit(2);
  }
  if (values.help) {
    console.log(usage);
    process.exit(0);
  }
  const missing = required.filter((name) => values[name] === undefined);
  if (missing.length) {
    console.error(`missing --${missing.join(", --")}\n${usage}`);
    process.exit(2);
  }
  return values;
}

// A positive whole number from option `name`, or exit 2 with the usage.
export function positiveInteger(values, name, usage) {
  const number = Number(values[name]);
  if (!Number.isInteger(number) || number < 1) {
    console.error(`--${name} must be a positive integer, got ${values[name]}\n${usage}`);
    process.exit(2);
  }
  return number;
}
