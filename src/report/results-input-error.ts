/**
 * A results file that cannot be read, does not match results.schema.json, or cannot be merged.
 * The message names the file and the place; the CLI turns it into exit code 2.
 */
export class ResultsInputError extends Error {
  override readonly name = "ResultsInputError";
}
