// Broken on purpose: where a number is expected, numeric text ("75.5") passes too.
import { brokenAjv } from "./rewrite-schema.js";

const NUMERIC_TEXT = { type: "string", pattern: "^-?[0-9]+(\\.[0-9]+)?$" };

function expectsNumber(type: unknown): boolean {
  const types = Array.isArray(type) ? type : [type];
  return types.includes("number") || types.includes("integer");
}

export default brokenAjv("number-as-text", (node) => (expectsNumber(node.type) ? { anyOf: [node, NUMERIC_TEXT] } : node));
