import { mkdtempSync, writeFileSync } from "node:fs";
import { tmpdir } from "node:os";
import { join } from "node:path";
import { describe, expect, it } from "vitest";
import { ajvValidator } from "./ajv-validator.js";
import { liteValidator } from "./lite-validator.js";
import { describeContractGap, loadValidatorModule } from "./load-validator-module.js";

const dir = mkdtempSync(join(tmpdir(), "schemalab-validator-"));
function moduleFile(name: string, source: string): string {
  const file = join(dir, name);
  writeFileSync(file, source);
  return file;
}

describe("loadValidatorModule", () => {
  it("knows the built-ins by name", async () => {
    expect(await loadValidatorModule("lite")).toBe(liteValidator);
    expect(await loadValidatorModule("ajv")).toBe(ajvValidator);
  });

  it("imports a module file relative to the working directory", async () => {
    moduleFile("good.mjs", "export default { name: 'always-valid', compile: () => () => true };");
    const loaded = await loadValidatorModule("good.mjs", dir);
    expect(loaded.name).toBe("always-valid");
    expect(loaded.compile({})(1)).toBe(true);
  });

  it("names the file and what is missing from the default export", async () => {
    const file = moduleFile("no-compile.mjs", "export default { name: 'x' };");
    await expect(loadValidatorModule(file)).rejects.toThrow(`validator module ${file}: default export is missing 'compile' (a function)`);
    moduleFile("nothing.mjs", "export default {};");
    await expect(loadValidatorModule("nothing.mjs", dir)).rejects.toThrow("missing 'name' (a non-empty string) and 'compile' (a function)");
    moduleFile("named-only.mjs", "export const compile = () => () => true;");
    await expect(loadValidatorModule("named-only.mjs", dir)).rejects.toThrow("has no default export");
  });

  it("reports a missing file and a module that fails to import", async () => {
    await expect(loadValidatorModule("absent.mjs", dir)).rejects.toThrow(`${join(dir, "absent.mjs")}: file not found`);
    moduleFile("throws.mjs", "throw new Error('boom at import');");
    await expect(loadValidatorModule("throws.mjs", dir)).rejects.toThrow("cannot import it: boom at import");
  });

  it("accepts exactly the contract's shape", () => {
    expect(describeContractGap({ name: "n", compile: () => () => true })).toBeNull();
    expect(describeContractGap(42)).toContain("default export is number");
  });
});
