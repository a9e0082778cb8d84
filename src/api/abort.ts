// AbortSignal handling shared by the API's verbs: an aborted call rejects with the signal's reason
// (an AbortError DOMException unless the caller gave one), as fetch does.
export function throwIfAborted(signal: AbortSignal | undefined): void {
  signal?.throwIfAborted();
}

/** `fetch` with the caller's signal joined to each request's own. */
export function abortableFetch(signal: AbortSignal | undefined, base: (input: string, init: RequestInit) => Promise<Response> = fetch): (input: string, init: RequestInit) => Promise<Response> {
  if (signal === undefined) return base;
  return (input, init) => base(input, { ...init, signal: init.signal ? AbortSignal.any([init.signal, signal]) : signal });
}
