// The emulated model: deterministic, it answers with the JSON value the prompt asks for (the last
// fenced ```json block of the user message). Under constrained decoding a value that breaks the
// effective schema is repaired part by part (what conforms is kept, what cannot be repaired is
// generated afresh, the smallest part at a time), and Ajv has the last word.
import type { JsonSchema } from "../../src/schema/types.js";
import type { ConformanceChecker } from "./schema-rules/emulator-check-conformance.js";
import { MISSING, repairValue, type RepairOptions } from "./answer/emulator-repair-value.js";
import { withDefinitions } from "./schema-rules/emulator-schema-facts.js";
import { judgeWithinRoot } from "./schema-rules/emulator-subschema-judge.js";
import type { RecordedRequest } from "./emulator-types.js";

/** A generator of schema-valid values (generators/valid-value.ts when present). */
export type ValidValueGenerator = (schema: JsonSchema) => unknown;

export interface DecodeInput {
  readonly prompt: string;
  /** The schema the model is held to; undefined when the request carries none. */
  readonly effective: JsonSchema | undefined;
  readonly constrained: boolean;
  readonly checker: ConformanceChecker;
  readonly validValue?: ValidValueGenerator;
}

export interface Decoded {
  /** The answer text: tool arguments or structured output, exactly as the model "writes" it. */
  readonly text: string;
  readonly decoding: NonNullable<RecordedRequest["decoding"]>;
}

/** The body of the last ```json fence in the prompt, or null. */
export function lastJsonBlock(prompt: string): string | null {
  const blocks = [...prompt.matchAll(/```json[^\n]*\n([\s\S]*?)```/g)];
  const last = blocks.at(-1);
  return last === undefined ? null : last[1]!.trim();
}

export function decodeAnswer(input: DecodeInput): Decoded {
  const block = lastJsonBlock(input.prompt);
  const parsed = block === null ? MISSING : parseOrMissing(block);
  if (!input.constrained || input.effective === undefined) {
    // Unconstrained, the model writes what it was asked for, verbatim (even text that is not JSON).
    if (block !== null) return { text: block, decoding: "best-effort" };
    const value = input.effective === undefined ? {} : repairValue(MISSING, input.effective, repairOptions(input, () => undefined));
    return { text: JSON.stringify(value), decoding: "best-effort" };
  }
  const effective = input.effective;
  if (parsed !== MISSING && input.checker.check(effective, parsed).valid) return { text: block!, decoding: "as-is" };
  let generated = false;
  const repaired = repairValue(parsed, effective, repairOptions(input, () => (generated = true)));
  if (!input.checker.check(effective, repaired).valid) return { text: JSON.stringify(repaired), decoding: "unrepairable" };
  return { text: JSON.stringify(repaired), decoding: generated ? "generated" : "repaired" };
}

function parseOrMissing(text: string): unknown {
  try {
    return JSON.parse(text);
  } catch {
    return MISSING;
  }
}

function repairOptions(input: DecodeInput, onRegenerated: () => void): RepairOptions {
  const root = input.effective;
  return {
    root,
    formatOk: (format, value) => input.checker.check({ type: "string", format }, value).valid,
    conforms: judgeWithinRoot(root, input.checker),
    regenerate: (schema) => generatedValues(input.validValue, withDefinitions(schema, root)),
    onRegenerated,
  };
}

/** The generator's value for a subschema, if it has one; a generator that cannot handle the schema gives none. */
function generatedValues(validValue: ValidValueGenerator | undefined, schema: unknown): unknown[] {
  if (validValue === undefined) return [];
  try {
    return [validValue(schema as JsonSchema)];
  } catch {
    return [];
  }
}
