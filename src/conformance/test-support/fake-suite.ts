// A tiny suite on disk in the official layout, and a validator that obeys marker keywords, so the
// runner's four outcomes can be produced on purpose.
import { mkdirSync, mkdtempSync, writeFileSync } from "node:fs";
import { tmpdir } from "node:os";
import { dirname, join } from "node:path";
import type { ValidatorModule } from "../../validators/types.js";

const group = (description: string, schema: object | boolean, tests: [unknown, boolean][]) => ({
  description,
  schema,
  tests: tests.map(([data, valid], index) => ({ description: `test ${index}`, data, valid })),
});

/** const.json: 1 group passing (2 tests), 1 failing (1 of 2). misc.json: unsupported (3 tests), throwing (2), bad return (1).
 *  optional/format/date.json: 1 passing. optional/bignum.json: 1 passing. remotes/name.json. */
export const FAKE_SUITE_FILES: Record<string, unknown> = {
  "tests/draft2020-12/const.json": [
    group("const passes", { const: 1 }, [[1, true], [2, false]]),
    group("const with a wrong expectation", { const: "a" }, [["a", true], ["b", true]]),
  ],
  "tests/draft2020-12/misc.json": [
    group("unsupported here", { "x-unsupported": true }, [[1, true], [2, true], [3, false]]),
    group("throws while validating", { "x-throw": true }, [[1, true], [2, false]]),
    group("returns a number", { "x-bad-return": true }, [[1, true]]),
  ],
  "tests/draft2020-12/optional/format/date.json": [group("date", { const: "2020-01-01" }, [["2020-01-01", true]])],
  "tests/draft2020-12/optional/bignum.json": [group("bignum", true, [[1, true]])],
  "remotes/name.json": { const: "remote" },
  UPSTREAM: "json-schema-org/JSON-Schema-Test-Suite 0123456789abcdef0123456789abcdef01234567\n",
};

export function writeFakeSuite(files: Record<string, unknown> = FAKE_SUITE_FILES): string {
  const root = mkdtempSync(join(tmpdir(), "schemalab-fake-suite-"));
  for (const [path, content] of Object.entries(files)) {
    mkdirSync(dirname(join(root, path)), { recursive: true });
    writeFileSync(join(root, path), typeof content === "string" ? content : JSON.stringify(content));
  }
  return root;
}

/** The validator's logic as module source, so the same behaviour runs in-process and in a worker. */
export const FAKE_VALIDATOR_SOURCE = `
export default {
  name: "fake",
  supportsRemotes: true,
  compile(schema, context = {}) {
    if (typeof schema === "boolean") return () => schema;
    if (schema["x-unsupported"]) { const e = new Error("marker keyword"); e.name = "UnsupportedSchemaError"; throw e; }
    if (schema["x-throw"]) return () => { throw new Error("boom"); };
    if (schema["x-bad-return"]) return () => 42;
    if (schema["x-exit"]) return () => process.exit(3);
    if (schema["x-hang-on"] !== undefined) return (value) => { if (value === schema["x-hang-on"]) for (;;) {} return true; };
    const target = schema.$ref ? context.remotes?.[schema.$ref] : schema;
    if (!target) throw new Error("cannot resolve " + schema.$ref);
    return (value) => ({ valid: JSON.stringify(value) === JSON.stringify(target.const) });
  },
};
`;

export function writeFakeValidatorModule(dir: string): string {
  const file = join(dir, "fake-validator.mjs");
  writeFileSync(file, FAKE_VALIDATOR_SOURCE);
  return file;
}

export async function loadFakeValidator(dir: string): Promise<ValidatorModule> {
  return (await import(writeFakeValidatorModule(dir))).default as ValidatorModule;
}
