import fc from "fast-check";
import Ajv2020Module from "ajv/dist/2020.js";
import addFormatsModule from "ajv-formats";
import { describe, expect, it } from "vitest";
import { compile } from "../../src/lite/index.js";
import { FORMAT_ARBITRARIES } from "./format-arbitraries.js";
import { FORMAT_NEAR_MISSES } from "./format-near-misses.js";

const ajv = new Ajv2020Module.default({ strict: false, logger: false });
addFormatsModule.default(ajv);
/** Formats lite leaves out (it refuses schemas that use them) or that ajv-formats does not define. */
const LITE_UNCHECKED = new Set(["idn-email", "idn-hostname", "iso-time", "iso-date-time", "url", "byte"]);

function liteCheck(format: string): ((value: string) => boolean) | undefined {
  if (LITE_UNCHECKED.has(format)) return undefined;
  try {
    const validate = compile({ type: "string", format });
    return (value) => validate(value).valid;
  } catch {
    return undefined;
  }
}

describe("format arbitraries", () => {
  for (const [format, arbitrary] of Object.entries(FORMAT_ARBITRARIES)) {
    it(`${format}: every value passes ajv-formats full mode and lite`, () => {
      const ajvCheck = ajv.compile({ type: "string", format });
      const lite = liteCheck(format);
      for (const value of fc.sample(arbitrary, { numRuns: 400, seed: 5 })) {
        expect(ajvCheck(value), `ajv: ${format} ${JSON.stringify(value)}`).toBe(true);
        if (lite) expect(lite(value), `lite: ${format} ${JSON.stringify(value)}`).toBe(true);
      }
    });
  }
});

describe("format near misses", () => {
  for (const [format, misses] of Object.entries(FORMAT_NEAR_MISSES)) {
    it(`${format}: every undisputed near miss fails ajv-formats full mode and lite`, () => {
      const ajvCheck = ajv.compile({ type: "string", format });
      const lite = liteCheck(format);
      for (const miss of misses.filter((m) => m.expectedValid === false)) {
        expect(ajvCheck(miss.text), `ajv: ${miss.text}`).toBe(false);
        if (lite) expect(lite(miss.text), `lite: ${miss.text}`).toBe(false);
      }
    });
  }

  it("marks the dotless e-mail domain as disputed: RFC 5321 allows it, ajv-formats rejects it", () => {
    const dotless = FORMAT_NEAR_MISSES.email!.find((m) => m.text === "jx@X");
    expect(dotless?.expectedValid).toBeNull();
    expect(ajv.compile({ type: "string", format: "email" })("jx@X")).toBe(false);
  });
});
