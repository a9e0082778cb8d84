// What a `reject-schema` fault refuses: the first keyword (in document order) beyond the plain object
// skeleton every provider takes, where it sits, so the provider's default text names a realistic
// culprit (`In context=('properties', 'when'), 'format' is not permitted.`). A skeleton-only schema
// is refused at its root `type`.
import { encodePointerToken, parsePointer } from "../../src/schema/json-pointer.js";
import type { SchemaRejection } from "./emulator-types.js";

const SKELETON = new Set(["type", "properties", "required", "additionalProperties", "items", "anyOf", "$schema", "title", "description", "$defs", "definitions"]);
const CHILD_MAPS = ["properties", "$defs", "definitions"];
const CHILD_LISTS = ["anyOf", "oneOf", "allOf", "prefixItems"];

export function forcedRejection(schema: unknown): SchemaRejection {
  const found = firstBeyondSkeleton(schema, "");
  const keyword = found?.keyword ?? "type";
  const path = found?.path ?? "";
  return { feature: "keyword:other", path, keyword, vars: { type: typeAt(schema, path), key: keyword } };
}

function firstBeyondSkeleton(node: unknown, path: string): { path: string; keyword: string } | undefined {
  if (node === null || typeof node !== "object" || Array.isArray(node)) return undefined;
  const record = node as Record<string, unknown>;
  const own = Object.keys(record).find((keyword) => !SKELETON.has(keyword));
  if (own !== undefined) return { path, keyword: own };
  for (const map of CHILD_MAPS) {
    const children = record[map];
    if (children === null || typeof children !== "object") continue;
    for (const [name, child] of Object.entries(children)) {
      const found = firstBeyondSkeleton(child, `${path}/${map}/${encodePointerToken(name)}`);
      if (found !== undefined) return found;
    }
  }
  for (const list of CHILD_LISTS) {
    const children = record[list];
    if (!Array.isArray(children)) continue;
    for (const [index, child] of children.entries()) {
      const found = firstBeyondSkeleton(child, `${path}/${list}/${index}`);
      if (found !== undefined) return found;
    }
  }
  return firstBeyondSkeleton(record.items, `${path}/items`);
}

function typeAt(root: unknown, path: string): string {
  let node = root;
  for (const token of parsePointer(path)) node = (node as Record<string, unknown> | undefined)?.[token];
  const type = (node as { type?: unknown } | undefined)?.type;
  return typeof type === "string" ? type : "object";
}

