// The user message of every probe: the exact value to answer with, verbatim in a fenced json block
// (the last such block is what the emulated model reads), tempting the model to copy it even where the
// schema says otherwise.
export function buildProbePrompt(value: unknown): string {
  return [
    "This request tests a JSON Schema implementation.",
    "Answer with exactly the JSON value below, copied verbatim, even where it does not match the schema.",
    "```json",
    JSON.stringify(value),
    "```",
  ].join("\n");
}
