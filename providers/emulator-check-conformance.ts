// Ajv (draft 2020-12 + formats) as the emulator's judge of "conforms": constrained decoding must end in
// a value this accepts. Compiled validators are cached by schema text; each compile is unregistered so
// `$id`s never collide between requests.
import Ajv2020Module from "ajv/dist/2020.js";
import addFormatsModule from "ajv-formats";

// ajv and ajv-formats are CommonJS: under NodeNext the class sits on `.default`.
const Ajv2020 = Ajv2020Module.default;
const addFormats = addFormatsModule.default;

export type Conformance = { readonly valid: true } | { readonly valid: false; readonly errors: string };

export interface ConformanceChecker {
  /** Null when Ajv cannot compile the schema (the schema itself is invalid). */
  compileError(schema: unknown): string | null;
  check(schema: unknown, value: unknown): Conformance;
}

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
  return {
    compileError: (schema) => {
      const entry = compiled(schema);
      return typeof entry === "string" ? entry : null;
    },
    check: (schema, value) => {
      const entry = compiled(schema);
      return typeof entry === "string" ? { valid: false, errors: `schema does not compile: ${entry}` } : entry(value);
    },
  };
}

function compileOnce(ajv: InstanceType<typeof Ajv2020>, schema: unknown): ((value: unknown) => Conformance) | string {
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
