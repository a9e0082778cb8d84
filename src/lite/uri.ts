// RFC 3986 reference resolution, small enough to ship: `$id` and `$ref` resolve against a base URI
// (http, urn, file, or none at all) without relying on a global URL class that some runtimes lack.

interface UriParts {
  scheme?: string;
  authority?: string;
  path: string;
  query?: string;
  fragment?: string;
}

// RFC 3986 appendix B.
const URI_PATTERN = /^(?:([^:/?#]+):)?(?:\/\/([^/?#]*))?([^?#]*)(?:\?([^#]*))?(?:#(.*))?$/s;

function parseUri(uri: string): UriParts {
  const [, scheme, authority, path = "", query, fragment] = URI_PATTERN.exec(uri)!;
  return { scheme, authority, path, query, fragment };
}

function formatUri({ scheme, authority, path, query, fragment }: UriParts): string {
  return (
    (scheme === undefined ? "" : scheme + ":") +
    (authority === undefined ? "" : "//" + authority) +
    path +
    (query === undefined ? "" : "?" + query) +
    (fragment === undefined ? "" : "#" + fragment)
  );
}

/** RFC 3986 §5.2.4, on segments: "." vanishes, ".." drops the segment before it. */
function removeDotSegments(path: string): string {
  if (!/(^|\/)\.\.?(\/|$)/.test(path)) return path;
  const output: string[] = [];
  const segments = path.split("/");
  for (let i = 0; i < segments.length; i++) {
    const segment = segments[i]!;
    const last = i === segments.length - 1;
    if (segment === ".") {
      if (last) output.push("");
    } else if (segment === "..") {
      if (output.length > 1 || (output.length === 1 && output[0] !== "")) output.pop();
      if (last) output.push("");
    } else output.push(segment);
  }
  return output.join("/");
}

function mergePaths(base: UriParts, path: string): string {
  if (base.authority !== undefined && base.path === "") return "/" + path;
  return base.path.slice(0, base.path.lastIndexOf("/") + 1) + path;
}

/** Resolves `reference` against `base` (RFC 3986 §5.2.2). */
export function resolveUri(base: string, reference: string): string {
  const ref = parseUri(reference);
  if (ref.scheme !== undefined) return formatUri({ ...ref, path: removeDotSegments(ref.path) });
  const b = parseUri(base);
  if (ref.authority !== undefined) return formatUri({ ...ref, scheme: b.scheme, path: removeDotSegments(ref.path) });
  if (ref.path === "") return formatUri({ ...b, query: ref.query ?? b.query, fragment: ref.fragment });
  const path = ref.path.startsWith("/") ? ref.path : mergePaths(b, ref.path);
  return formatUri({ ...b, path: removeDotSegments(path), query: ref.query, fragment: ref.fragment });
}

/** Splits "doc#fragment" into the document URI and the (still percent-encoded) fragment. */
export function splitFragment(uri: string): [document: string, fragment: string] {
  const hash = uri.indexOf("#");
  return hash < 0 ? [uri, ""] : [uri.slice(0, hash), uri.slice(hash + 1)];
}
