// Ajv (draft 2020-12 + formats) as the emulator's judge of "conforms": constrained decoding must end in
// a value this accepts. Compiled validators are cached by schema text; each compile is unregistered so
// `$id`s never collide between requests. Subschemas are checked in place (`checkAt`), inside the root
// they belong to, so `#` and `#/$defs/...` refs mean what they mean in the whole document.
import { createHash } from "node:crypto";
import Ajv2020Module from "ajv/dist/2020.js";
import addFormatsModule from "ajv-formats";
import { pointerToRef } from "../src/schema/json-pointer.js";

// ajv and ajv-formats are CommonJS: under NodeNext the class sits on `.default`.
const Ajv2020 = Ajv2020Module.default;
const addFormats = addFormatsModule.default;

export type Conformance = { readonly valid: true } | { readonly valid: false; readonly errors: string };

export interface ConformanceChecker {
  /** Null when Ajv cannot compile the schema (the schema itself is invalid). */
  compileError(schema: unknown): string | null;
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
  // allErrors: true keeps the generated code flat; without it Ajv nests one block per property and a
  // schema of ~1,900 properties overflows the stack (limit probes send 5,000).
  const ajv = new Ajv2020({ strict: false, allErrors: true, logger: false, validateFormats: true });
  addFormats(ajv);
  const cache = new Map<string, ((value: unknown) => Conformance) | string>();
  const compiled = (schema: unknown): ((value: unknown) => Conformance) | string => {
    const key = JSON.stringify(schema);
    let entry = cache.get(key);
    if (entry === undefined) {
      entry = compileOnce(ajv, schema);
      cache.set(key, entry);
    }
    return entry;
  };
  const validator = (schema: unknown): Validator => {
    const entry = compiled(schema);
    return typeof entry === "string" ? () => ({ valid: false, errors: `schema does not compile: ${entry}` }) : entry;
  };
  return {
    validator,
    validatorAt: rootRegistry(ajv),
    compileError: (schema) => {
      const entry = compiled(schema);
      return typeof entry === "string" ? entry : null;
    },
    check: (schema, value) => validator(schema)(value),
  };
}

type Ajv = InstanceType<typeof Ajv2020>;

function rootRegistry(ajv: Ajv): ConformanceChecker["validatorAt"] {
  const keyByRoot = new WeakMap<object, string>();
  const registered: string[] = [];
  const register = (root: object): string => {
    const key = `urn:schemalab:root-${createHash("sha256").update(JSON.stringify(root)).digest("hex").slice(0, 24)}`;
    if (!registered.includes(key)) {
      ajv.addSchema(root, key);
      registered.push(key);
      if (registered.length > REGISTERED_ROOTS) unregister(ajv, registered.shift()!);
    }
    keyByRoot.set(root, key);
    return key;
  };
  return (root, pointer) => {
    if (typeof root !== "object" || root === null) return null;
    try {
      const known = keyByRoot.get(root);
      const key = known !== undefined && registered.includes(known) ? known : register(root);
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

function compileOnce(ajv: Ajv, schema: unknown): ((value: unknown) => Conformance) | string {
  if (typeof schema !== "boolean" && (schema === null || typeof schema !== "object" || Array.isArray(schema))) {
    return "a schema must be an object or a boolean";
  }
  const target = schema as object | boolean;
  try {
    const validate = ajv.compile(target);
    return (value) => (validate(value) ? { valid: true } : { valid: false, errors: ajv.errorsText(validate.errors) });
  } catch (error) {
    return (error as Error).message;
  } finally {
    if (typeof target === "object") ajv.removeSchema(target);
  }
}
