// OpenAPI's and Pydantic's `discriminator: {propertyName, mapping}`: an annotation (no value is
// judged by it: the oneOf/anyOf beside it does that), but a mapping that names no alternative is a
// broken schema a reader would route by, so it is refused when compiled, at its place.
import { escapePointerToken } from "../json-pointer.js";
import type { SchemaCursor } from "../schema-cursor.js";
import { InvalidSchemaError } from "../types.js";

interface Discriminator {
  readonly propertyName: string;
  readonly mapping?: Readonly<Record<string, string>>;
}

function alternativeRefs(schema: Readonly<Record<string, unknown>>): string[] | undefined {
  const lists = [schema.oneOf, schema.anyOf].filter(Array.isArray) as unknown[][];
  if (lists.length === 0) return undefined;
  const refs: string[] = [];
  for (const list of lists) for (const branch of list) if (typeof branch === "object" && branch !== null && typeof (branch as { $ref?: unknown }).$ref === "string") refs.push((branch as { $ref: string }).$ref);
  return refs;
}

/**
 * Each mapped value must be the `$ref` of an alternative (or, as OpenAPI allows, the name its `$ref`
 * ends with). Without a oneOf/anyOf beside it (OpenAPI's allOf inheritance) there is nothing to hold it to.
 */
export function checkDiscriminator(cursor: SchemaCursor): void {
  const discriminator = cursor.source.discriminator as Discriminator | undefined;
  if (discriminator?.mapping === undefined) return;
  const refs = alternativeRefs(cursor.source);
  if (refs === undefined) return;
  for (const name of Object.keys(discriminator.mapping)) {
    const target = discriminator.mapping[name]!;
    if (refs.includes(target) || refs.some((ref) => ref.endsWith(`/${target}`))) continue;
    const at = `${cursor.path}/discriminator/mapping/${escapePointerToken(name)}`;
    throw new InvalidSchemaError("discriminator", at, `maps ${JSON.stringify(name)} to ${JSON.stringify(target)}, which no oneOf/anyOf alternative refers to`);
  }
}
