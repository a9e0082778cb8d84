// Broken on purpose: an optional property holding null is skipped instead of checked.
import { isSchemaObject } from "../../schema/index.js";
import { brokenAjv } from "./rewrite-schema.js";

export default brokenAjv("null-optional-skipped", (node) => {
  if (!isSchemaObject(node.properties)) return node;
  const required = new Set(Array.isArray(node.required) ? node.required : []);
  const properties = Object.fromEntries(
    Object.entries(node.properties).map(([name, schema]) => [name, required.has(name) ? schema : { anyOf: [{ type: "null" }, schema] }]),
  );
  return { ...node, properties };
});
