// JSON Pointer (RFC 6901): the one way src/schema names a place inside a schema or a catalog file.
// src/lite keeps its own copy because it ships alone.

/** Bad pointer syntax: a programmer error, not bad input. */
export class JsonPointerError extends Error {
  override readonly name = "JsonPointerError";
}

export function encodePointerToken(token: string | number): string {
  if (typeof token === "number") return String(token);
  // Most tokens need no escape: skip the two regex passes (walks build a path for every subschema).
  if (!token.includes("~") && !token.includes("/")) return token;
  return token.replace(/~/g, "~0").replace(/\//g, "~1");
}

export function decodePointerToken(token: string): string {
  // ~1 first would turn "~01" into "/" instead of "~1": decode ~1 before ~0 as RFC 6901 §4 says.
  return token.includes("~") ? token.replace(/~1/g, "/").replace(/~0/g, "~") : token;
}

/** `""` is the whole document; every other pointer starts with `/`. */
export function parsePointer(pointer: string): string[] {
  if (pointer === "") return [];
  if (!pointer.startsWith("/")) throw new JsonPointerError(`a JSON Pointer starts with "/": ${JSON.stringify(pointer)}`);
  const tokens = pointer.slice(1).split("/");
  for (const token of tokens) {
    if (token.includes("~") && /~(?![01])/.test(token)) throw new JsonPointerError(`bad escape in JSON Pointer: ${JSON.stringify(pointer)}`);
  }
  return tokens.map(decodePointerToken);
}

export function formatPointer(tokens: readonly (string | number)[]): string {
  return tokens.map((token) => `/${encodePointerToken(token)}`).join("");
}

/** `base` extended by more tokens: `appendPointer("/properties", "a/b")` is `/properties/a~1b`. */
export function appendPointer(base: string, ...tokens: (string | number)[]): string {
  return base + formatPointer(tokens);
}

/** True when `pointer` names `ancestor` or a place inside it. */
export function isPointerWithin(pointer: string, ancestor: string): boolean {
  return pointer === ancestor || pointer.startsWith(`${ancestor}/`);
}

const ARRAY_INDEX = /^(0|[1-9][0-9]*)$/;

/** The value a pointer names, or undefined when nothing is there (JSON has no undefined, so it is unambiguous). */
export function resolvePointer(document: unknown, pointer: string): unknown {
  let current: unknown = document;
  for (const token of parsePointer(pointer)) {
    if (Array.isArray(current)) {
      if (!ARRAY_INDEX.test(token)) return undefined;
      current = current[Number(token)];
    } else if (current !== null && typeof current === "object") {
      if (!Object.prototype.hasOwnProperty.call(current, token)) return undefined;
      current = (current as Record<string, unknown>)[token];
    } else {
      return undefined;
    }
    if (current === undefined) return undefined;
  }
  return current;
}

/**
 * The pointer a same-document `$ref` names (`"#/$defs/a%20b"` is `/$defs/a b`), or null when the ref
 * is not a pointer fragment (another document, or a plain-name anchor like `#node`).
 */
export function refToPointer(ref: string): string | null {
  if (!ref.startsWith("#")) return null;
  const fragment = ref.slice(1);
  if (fragment !== "" && !fragment.startsWith("/")) return null;
  try {
    const decoded = decodeURIComponent(fragment);
    parsePointer(decoded);
    return decoded;
  } catch {
    return null;
  }
}

/** The `$ref` spelling of a pointer: `/$defs/a b` becomes `#/$defs/a%20b`. */
export function pointerToRef(pointer: string): string {
  const tokens = parsePointer(pointer).map((token) => encodeURIComponent(encodePointerToken(token)).replace(/%24/g, "$"));
  return `#${tokens.map((token) => `/${token}`).join("")}`;
}
