// A schema's own version when its catalog gives none: `schema_version`, else a version in its `$id`
// (`.../invoice/2.1.0/invoice.json`, `.../v3/order.json`, `urn:acme:order:1.4`, `order-v2.json`).

import type { JsonSchema } from "./types.js";
import { isSchemaObject } from "./walk-schema.js";

export function versionFromSchema(schema: JsonSchema): string | null {
  if (!isSchemaObject(schema)) return null;
  const declared = schema.schema_version;
  if (typeof declared === "string" && declared.trim() !== "") return declared.trim();
  if (typeof declared === "number" && Number.isFinite(declared)) return String(declared);
  return typeof schema.$id === "string" ? versionFromId(schema.$id) : null;
}

const DOTTED = String.raw`\d+\.\d+(?:\.\d+)?(?:-[0-9A-Za-z.-]+)?`;
// A whole segment: "2.1.0", "v2.1", "v3" (a bare "3" is too often an id to count).
const VERSION_SEGMENT = new RegExp(String.raw`^(?:v?(${DOTTED})|v(\d+))$`);
// A suffix on a name: "order-v2", "order@1.4.0", "order_2.0".
const VERSION_SUFFIX = new RegExp(String.raw`[@_-](?:v?(${DOTTED})|v(\d+))$`);

export function versionFromId(id: string): string | null {
  const withoutFragment = id.split(/[#?]/, 1)[0] ?? "";
  const segments = withoutFragment.split(/[/:]/).map(stripSchemaExtension).reverse();
  for (const segment of segments) {
    const match = VERSION_SEGMENT.exec(segment) ?? VERSION_SUFFIX.exec(segment);
    if (match) return match[1] ?? match[2] ?? null;
  }
  return null;
}

function stripSchemaExtension(segment: string): string {
  return segment.replace(/\.json$/, "").replace(/\.schema$/, "");
}
