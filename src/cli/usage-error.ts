/** Bad usage or bad input at the edge: the CLI prints the message (naming the file and place) and exits 2. */
export class UsageError extends Error {
  override readonly name = "UsageError";
}
