// Does a tool result's text read as a failure to a model? On wires without an error flag (OpenAI Chat
// and Responses) the text is all the model sees, so a refused call must say it failed or was not
// run: "Error: ...", "invalid arguments", "unknown tool", "not valid JSON", "must be number" (Ajv's
// messages), "was not run". A bare "ok", "done" or the handler's own output reads as success.
const FAILURE_WORDS =
  /\b(error|errors|invalid|not valid|not run|not executed|not called|was not|were not|did not run|rejected|refused|failed|failure|unknown|no tool|no such|cannot|could not|can't|must|should|expected|not allowed|not permitted|missing|required)\b/i;

export function readsAsError(text: string): boolean {
  return FAILURE_WORDS.test(text);
}
