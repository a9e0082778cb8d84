// Ajv as its users run it: default options, ajv-formats added, one shared instance per dialect class
// (Ajv2020, Ajv2019, the draft-07 class for draft-06/07, ajv-draft-04), and a second one with
// `allErrors: true` for the task that collects every error. Not the fuzz reference
// (createReferenceAjv: unoptimised code, strict off), which keeps its own settings.
import { createRequire } from "node:module";
import AjvDraft07Module from "ajv";
import Ajv2019Module from "ajv/dist/2019.js";
import Ajv2020Module from "ajv/dist/2020.js";
import type AjvCoreModule from "ajv/dist/core.js";
import AjvDraft04Module from "ajv-draft-04";
import addFormatsModule from "ajv-formats";
import type { BenchSubject, CompileMode } from "./bench-subjects.js";

type AjvCore = AjvCoreModule.default;
type AjvClass = new (options: object) => AjvCore;
const require = createRequire(import.meta.url);
const addFormats = addFormatsModule.default;

const CLASS_OF: Readonly<Record<CompileMode["dialect"], AjvClass>> = {
  draft4: AjvDraft04Module.default as unknown as AjvClass,
  draft6: AjvDraft07Module.default,
  draft7: AjvDraft07Module.default,
  "draft2019-09": Ajv2019Module.default,
  "draft2020-12": Ajv2020Module.default,
};

const VERSION = (require("ajv/package.json") as { version: string }).version;
const FORMATS_VERSION = (require("ajv-formats/package.json") as { version: string }).version;
export const AJV_DEFAULTS_NAME = `ajv@${VERSION} (defaults, ajv-formats ${FORMATS_VERSION})`;

/**
 * Strict mode (a default) throws on keywords it does not know: a user meeting that passes
 * `strict: false`, so such a schema (found when the corpus is built, outside the timing) is compiled
 * by an instance so configured, and counted.
 * Warnings (strictTypes "log") go to a counter rather than the console: logging is not validation.
 */
export function ajvDefaultSubject(): BenchSubject & { readonly strictRefusals: Set<string>; warnings(): number } {
  const instances = new Map<string, AjvCore>();
  const strictRefusals = new Set<string>();
  let warnings = 0;
  const logger = { log: () => {}, warn: () => void (warnings += 1), error: () => {} };
  const instance = (mode: CompileMode, strict: boolean): AjvCore => {
    const Class = CLASS_OF[mode.dialect];
    const key = `${mode.dialect === "draft6" ? "draft7" : mode.dialect}/${mode.allErrors}/${strict}`;
    let ajv = instances.get(key);
    if (!ajv) {
      ajv = new Class({ ...(mode.allErrors ? { allErrors: true } : {}), ...(strict ? {} : { strict: false }), logger });
      addFormats(ajv as Parameters<typeof addFormats>[0]);
      if (mode.dialect === "draft6" || mode.dialect === "draft7") ajv.addMetaSchema(require("ajv/dist/refs/json-schema-draft-06.json"));
      instances.set(key, ajv);
    }
    return ajv;
  };
  const owner = new WeakMap<object, AjvCore>();
  return {
    name: AJV_DEFAULTS_NAME,
    referee: true,
    setup: "new Ajv2020() (class per dialect) + addFormats(ajv), one shared instance; { allErrors: true } for the invalid task",
    strictRefusals,
    warnings: () => warnings,
    compile(schema, mode) {
      const strict = !strictRefusals.has(mode.schemaId);
      try {
        const ajv = instance(mode, strict);
        const validate = ajv.compile(schema);
        if (typeof schema === "object") owner.set(schema, ajv);
        return validate;
      } catch (error) {
        if (!strict || !/strict mode/.test((error as Error).message)) throw error;
        strictRefusals.add(mode.schemaId);
        return this.compile(schema, mode);
      }
    },
    forget(schema) {
      if (typeof schema === "object") owner.get(schema)?.removeSchema(schema);
    },
  };
}
