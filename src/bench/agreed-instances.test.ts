// The bench times only values every referee (Ajv with defaults, lite) judges as the reference does.
import { describe, expect, it } from "vitest";
import { agreedInstances, passes } from "./bench-corpus.js";
import type { BenchSubject } from "./bench-subjects.js";

const subject = (name: string, accepts: (value: unknown) => boolean, shape: "boolean" | "object"): BenchSubject => ({
  name,
  setup: "test",
  compile: () => (value: unknown) => (shape === "boolean" ? accepts(value) : { valid: accepts(value) }),
});

describe("agreedInstances", () => {
  it("leaves out the values a timed subject judges otherwise, and names it", async () => {
    const ajvLike = subject("ajv", (value) => typeof value === "number", "boolean");
    // An exact decimal multipleOf: 0.30000000000000004 is no multiple of 0.1.
    const liteLike = subject("lite", (value) => typeof value === "number" && value !== 0.30000000000000004, "object");
    const kept = await agreedInstances([ajvLike, liteLike], {}, "draft2020-12", "t/x", [1, 0.30000000000000004, 2], ["a", null]);
    expect(kept).toEqual({ valid: [1, 2], invalid: ["a", null], disputed: ["lite"] });
  });

  it("keeps everything when all agree", async () => {
    const kept = await agreedInstances([subject("a", () => true, "object")], {}, "draft2020-12", "t/x", [1], []);
    expect(kept).toEqual({ valid: [1], invalid: [], disputed: [] });
  });

  it("reads a verdict from a boolean or a { valid } result", () => {
    expect([true, { valid: true }, false, { valid: false }, undefined, "yes"].map(passes)).toEqual([true, true, false, false, false, false]);
  });
});
