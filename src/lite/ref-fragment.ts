// A reference's fragment as the registries read it (lite's schema-registry.ts and core's
// core/registry.ts), with the same refusal text.
import { InvalidSchemaError } from "./types.js";

/** The reference keyword at the end of `refPath` ($ref, $dynamicRef, $recursiveRef), for refusals. */
export const refKeyword = (refPath: string): string => refPath.slice(refPath.lastIndexOf("/") + 1);

/** The fragment of `ref` percent-decoded; a malformed escape is refused. */
export function decodeFragment(encoded: string, ref: string, refPath: string): string {
  try {
    return decodeURIComponent(encoded);
  } catch {
    throw new InvalidSchemaError(refKeyword(refPath), refPath, `malformed fragment in "${ref}"`);
  }
}
