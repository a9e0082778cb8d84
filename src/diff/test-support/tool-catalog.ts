// A large, realistic tool catalog (OpenAI function tools) built from an index alone: the scale test
// for the case mix, and `npx tsx src/diff/test-support/tool-catalog.ts N FILE` writes one to measure.
import { writeFile } from "node:fs/promises";

const FIELD_KINDS: readonly ((i: number) => object)[] = [
  (i) => ({ type: "string", minLength: 1, maxLength: 40 + (i % 60) }),
  (i) => ({ type: "string", enum: ["low", "normal", "high", "urgent"].slice(0, 2 + (i % 3)) }),
  (i) => ({ type: "integer", minimum: 0, maximum: 10 ** (1 + (i % 5)) }),
  () => ({ type: "number", minimum: 0, multipleOf: 0.01 }),
  () => ({ type: "string", format: "date-time" }),
  () => ({ type: "string", format: "email" }),
  () => ({ type: "boolean" }),
  (i) => ({ type: "array", items: { type: "string", pattern: "^[a-z]+$" }, maxItems: 3 + (i % 5), uniqueItems: i % 2 === 0 }),
  () => ({ type: ["string", "null"] }),
  (i) => ({ type: "object", properties: { street: { type: "string" }, zip: { type: "string", pattern: "^[0-9]{5}$" } }, required: i % 2 ? ["zip"] : [], additionalProperties: false }),
  () => ({ type: "string", format: "uuid" }),
  () => ({ oneOf: [{ type: "object", properties: { kind: { const: "a" }, n: { type: "integer" } }, required: ["kind"] }, { type: "object", properties: { kind: { const: "b" }, s: { type: "string" } }, required: ["kind"] }] }),
];

export function toolSchema(index: number): object {
  const count = 1 + (index % 6);
  const properties: Record<string, object> = {};
  for (let field = 0; field < count; field++) properties[`field_${field}`] = FIELD_KINDS[(index * 7 + field * 5) % FIELD_KINDS.length]!(index + field);
  const names = Object.keys(properties);
  return { type: "object", properties, required: names.slice(0, 1 + (index % count)), additionalProperties: index % 3 !== 0 ? false : undefined };
}

export function toolCatalog(tools: number): object {
  return {
    tools: Array.from({ length: tools }, (_, index) => ({
      type: "function",
      function: { name: `tool_${index}`, description: `Generated tool ${index}.`, parameters: toolSchema(index) },
    })),
  };
}

export async function writeToolCatalog(file: string, tools: number): Promise<string> {
  await writeFile(file, JSON.stringify(toolCatalog(tools)));
  return file;
}

if (process.argv[1]?.endsWith("tool-catalog.ts") && process.argv[3]) await writeToolCatalog(process.argv[3], Number(process.argv[2]));
