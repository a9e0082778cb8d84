// JSON Pointer (RFC 6901) for instance paths, schema paths and `$ref` fragments.

export function escapePointerToken(token: string | number): string {
  if (typeof token === "number") return String(token);
  if (token.indexOf("~") < 0 && token.indexOf("/") < 0) return token;
  return token.replace(/~/g, "~0").replace(/\//g, "~1");
}

/** "" for the root, else "/a/0/b~1c". */
export function pointerFromPath(path: readonly (string | number)[]): string {
  let pointer = "";
  for (const token of path) pointer += "/" + escapePointerToken(token);
  return pointer;
}

/** Tokens of a pointer ("" gives none); undefined when it is not a pointer. */
export function parsePointer(pointer: string): string[] | undefined {
  if (pointer === "") return [];
  if (!pointer.startsWith("/")) return undefined;
  return pointer
    .slice(1)
    .split("/")
    .map((token) => token.replace(/~1/g, "/").replace(/~0/g, "~"));
}
