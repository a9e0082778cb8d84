// Ajv (the root's dialect, 2020-12 by default, + formats) as the emulator's judge of "conforms":
// constrained decoding must end in a value this accepts. Compiled validators are cached by schema text; each compile is unregistered so
// `$id`s never collide between requests. Subschemas are checked in place (`checkAt`), inside the root
// they belong to, so `#` and `#/$defs/...` refs mean what they mean in the whole document.
import { createHash } from "node:crypto";
import { parsePointer, pointerToRef } from "../../../src/schema/json-pointer.js";
import { createDialectAjvs, judgedDialect, withoutSchemaUri, type DialectAjv } from "./emulator-dialect-ajv.js";

export type Conformance = { readonly valid: true } | { readonly valid: false; readonly errors: string };

/**
 * Why a schema is not a schema: where (JSON Pointer into the schema), the value found there, and
 * Ajv's own words, which go to the request log only: a provider's error never quotes the lab's validator.
 */
export interface SchemaInvalidity {
  readonly pointer: string;
  readonly value: unknown;
  /** An unresolvable `$ref` (its target), rather than a meta-schema violation. */
  readonly missingRef?: string;
  readonly internal: string;
}

export interface ConformanceChecker {
  /** Null when Ajv compiles the schema; else why it is invalid. */
  compileError(schema: unknown): SchemaInvalidity | null;
  check(schema: unknown, value: unknown): Conformance;
  /** The compiled check of a schema, for callers that judge many values against it. */
  validator(schema: unknown): Validator;
  /**
   * The subschema of `root` at `pointer` (JSON Pointer), compiled in the root's context; null when Ajv
   * cannot take the root or the place (a `$id` another root holds, nothing there), for the caller to
   * judge the subschema alone.
   */
  validatorAt(root: unknown, pointer: string): Validator | null;
}

export type Validator = (value: unknown) => Conformance;

/** Roots kept registered at once; the oldest is dropped with its compiled subschemas. */
const REGISTERED_ROOTS = 32;

export function createConformanceChecker(): ConformanceChecker {
  const ajvFor = createDialectAjvs();
  const cache = new Map<string, ((value: unknown) => Conformance) | SchemaInvalidity>();
  const compiled = (schema: unknown): ((value: unknown) => Conformance) | SchemaInvalidity => {
    const key = JSON.stringify(schema);
    let entry = cache.get(key);
    if (entry === undefined) {
      entry = compileOnce(ajvFor(judgedDialect(schema)), schema);
      cache.set(key, entry);
    }
    return entry;
  };
  const validator = (schema: unknown): Validator => {
    const entry = compiled(schema);
    return typeof entry === "function" ? entry : () => ({ valid: false, errors: `schema does not compile: ${entry.internal}` });
  };
  return {
    validator,
    validatorAt: rootRegistry((root) => ajvFor(judgedDialect(root))),
    compileError: (schema) => {
      const entry = compiled(schema);
      return typeof entry === "function" ? null : entry;
    },
    check: (schema, value) => validator(schema)(value),
  };
}

type Ajv = DialectAjv;

function rootRegistry(ajvOf: (root: object) => Ajv): ConformanceChecker["validatorAt"] {
  const keyByRoot = new WeakMap<object, string>();
  const registered: { key: string; ajv: Ajv }[] = [];
  const register = (root: object, ajv: Ajv): string => {
    const key = `urn:schemalab:root-${createHash("sha256").update(JSON.stringify(root)).digest("hex").slice(0, 24)}`;
    if (!registered.some((entry) => entry.key === key)) {
      ajv.addSchema(withoutSchemaUri(root), key);
      registered.push({ key, ajv });
      if (registered.length > REGISTERED_ROOTS) {
        const oldest = registered.shift()!;
        unregister(oldest.ajv, oldest.key);
      }
    }
    keyByRoot.set(root, key);
    return key;
  };
  return (root, pointer) => {
    if (typeof root !== "object" || root === null) return null;
    try {
      const ajv = ajvOf(root);
      const known = keyByRoot.get(root);
      const key = known !== undefined && registered.some((entry) => entry.key === known) ? known : register(root, ajv);
      const validate = ajv.getSchema(pointer === "" ? key : `${key}${pointerToRef(pointer)}`);
      if (validate === undefined) return null;
      return (value) => (validate(value) ? { valid: true } : { valid: false, errors: ajv.errorsText(validate.errors) });
    } catch {
      return null;
    }
  };
}

/** Drop a root and every subschema compiled from it (Ajv keeps those under `key#/...`). */
function unregister(ajv: Ajv, key: string): void {
  ajv.removeSchema(key);
  const refs = ajv.refs as Record<string, unknown>;
  for (const ref of Object.keys(refs)) if (ref.startsWith(`${key}#`)) delete refs[ref];
}

function compileOnce(ajv: Ajv, schema: unknown): ((value: unknown) => Conformance) | SchemaInvalidity {
  if (typeof schema !== "boolean" && (schema === null || typeof schema !== "object" || Array.isArray(schema))) {
    return { pointer: "", value: schema, internal: "a schema must be an object or a boolean" };
  }
  const target = withoutSchemaUri(schema as object | boolean);
  try {
    const validate = ajv.compile(target);
    return (value) => (validate(value) ? { valid: true } : { valid: false, errors: ajv.errorsText(validate.errors) });
  } catch (error) {
    return invalidity(ajv, target, error);
  } finally {
    if (typeof target === "object") ajv.removeSchema(target);
  }
}

/** Where the compile failed: the first meta-schema violation, else the unresolvable `$ref`. */
function invalidity(ajv: Ajv, target: object | boolean, error: unknown): SchemaInvalidity {
  if (ajv.validateSchema(target) !== true) {
    const pointer = ajv.errors?.[0]?.instancePath ?? "";
    return { pointer, value: valueAt(target, pointer), internal: ajv.errorsText(ajv.errors) };
  }
  const missingRef = (error as { missingRef?: unknown }).missingRef;
  return { pointer: "", value: target, ...(typeof missingRef === "string" ? { missingRef } : {}), internal: (error as Error).message };
}

function valueAt(root: unknown, pointer: string): unknown {
  let node = root;
  for (const key of parsePointer(pointer)) {
    node = node !== null && typeof node === "object" ? (node as Record<string, unknown>)[key] : undefined;
  }
  return node;
}
