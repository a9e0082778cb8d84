import { describe, expect, it } from "vitest";
import { resolveUri, splitFragment } from "./uri.js";

describe("resolveUri (RFC 3986 §5.4)", () => {
  const base = "http://a/b/c/d;p?q";
  it.each([
    ["g:h", "g:h"],
    ["g", "http://a/b/c/g"],
    ["./g", "http://a/b/c/g"],
    ["g/", "http://a/b/c/g/"],
    ["/g", "http://a/g"],
    ["//g", "http://g"],
    ["?y", "http://a/b/c/d;p?y"],
    ["g?y", "http://a/b/c/g?y"],
    ["#s", "http://a/b/c/d;p?q#s"],
    ["g#s", "http://a/b/c/g#s"],
    [";x", "http://a/b/c/;x"],
    ["", "http://a/b/c/d;p?q"],
    [".", "http://a/b/c/"],
    ["./", "http://a/b/c/"],
    ["..", "http://a/b/"],
    ["../", "http://a/b/"],
    ["../g", "http://a/b/g"],
    ["../..", "http://a/"],
    ["../../g", "http://a/g"],
    ["../../../g", "http://a/g"],
    ["/./g", "http://a/g"],
    ["/../g", "http://a/g"],
    ["g.", "http://a/b/c/g."],
    ["..g", "http://a/b/c/..g"],
    ["./../g", "http://a/b/g"],
    ["g/./h", "http://a/b/c/g/h"],
    ["g/../h", "http://a/b/c/h"],
  ])("%s → %s", (reference, expected) => {
    expect(resolveUri(base, reference)).toBe(expected);
  });

  it("resolves fragments against URNs and bases without a scheme", () => {
    expect(resolveUri("urn:uuid:deadbeef-1234", "#/$defs/a")).toBe("urn:uuid:deadbeef-1234#/$defs/a");
    expect(resolveUri("", "#foo")).toBe("#foo");
    expect(resolveUri("", "node")).toBe("node");
    expect(resolveUri("folder/a.json", "b.json")).toBe("folder/b.json");
    expect(resolveUri("file:///folder/file.json", "#/$defs/foo")).toBe("file:///folder/file.json#/$defs/foo");
  });
});

describe("splitFragment", () => {
  it("splits at the first #", () => {
    expect(splitFragment("http://x/y#/a#b")).toEqual(["http://x/y", "/a#b"]);
    expect(splitFragment("http://x/y")).toEqual(["http://x/y", ""]);
  });
});
