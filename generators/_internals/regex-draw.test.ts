import fc from "fast-check";
import { describe, expect, it } from "vitest";
import { drawnText } from "./draw-arbitrary.js";
import { compileRegexDrawer } from "./regex-draw.js";

const drawerFor = (pattern: string) => compileRegexDrawer(pattern, new RegExp(pattern, "u"));

describe("regex drawer", () => {
  const supported = [
    "^acct_[A-Za-z0-9]{16}$",
    "^TCK-[0-9]{6,}$",
    "^(UTC|[A-Z][A-Za-z_]+(/[A-Z][A-Za-z_+-]+){1,2})$",
    "^\\+[1-9][0-9]{6,14}$",
    "^[a-z]{2}(-[A-Z]{2})?$",
    "ab",
    "^x_",
    "\\d+\\.\\d{2}$",
    "^[^\\s@]+@[^\\s@]+$",
    "^(?:foo|bar)*baz?$",
  ];

  it.each(supported)("draws only matches of %s, and its smallest match", (pattern) => {
    const regex = new RegExp(pattern, "u");
    const drawer = drawerFor(pattern);
    expect(drawer).toBeDefined();
    expect(drawer!.smallest).toMatch(regex);
    for (const text of fc.sample(drawnText(drawer!.draw, drawer!.smallest), { numRuns: 300, seed: 4 })) expect(text).toMatch(regex);
  });

  it.each(["^(?=a)b", "(a)\\1", "\\bword\\b", "^\\p{L}+$", "a(?!b)", "(?<year>\\d{4})"])("leaves %s to fc.stringMatching", (pattern) => {
    expect(drawerFor(pattern)).toBeUndefined();
  });

  it("adds text around an unanchored match, never inside it", () => {
    const drawer = drawerFor("ab")!;
    const texts = fc.sample(drawnText(drawer.draw, drawer.smallest), { numRuns: 200, seed: 2 });
    expect(texts.some((t) => t !== "ab")).toBe(true);
    for (const text of texts) expect(text).toContain("ab");
  });
});
