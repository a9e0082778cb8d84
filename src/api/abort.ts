// AbortSignal handling shared by the API's verbs: an aborted call rejects with the signal's reason
// (an AbortError DOMException unless the caller gave one), as fetch does.
export function throwIfAborted(signal: AbortSignal | undefined): void {
  signal?.throwIfAborted();
}
