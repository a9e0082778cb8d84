import { mkdirSync, mkdtempSync, writeFileSync } from "node:fs";
import { tmpdir } from "node:os";
import { join } from "node:path";
import { describe, expect, it } from "vitest";
import { locateSuite } from "./locate-suite.js";
import { keywordOfFile, readSuiteCommit } from "./suite-layout.js";
import { writeFakeSuite } from "./test-support/fake-suite.js";

const SHA = "89abcdef0123456789abcdef0123456789abcdef";

describe("keywordOfFile", () => {
  it.each([
    ["ref.json", "ref"],
    ["optional/format/date-time.json", "format:date-time"],
    ["optional/bignum.json", "optional:bignum"],
  ])("%s -> %s", (file, keyword) => expect(keywordOfFile(file)).toBe(keyword));
});

describe("readSuiteCommit", () => {
  const checkout = () => mkdtempSync(join(tmpdir(), "schemalab-suite-commit-"));

  it("reads a detached HEAD, a loose ref and a packed ref from .git", () => {
    const detached = checkout();
    mkdirSync(join(detached, ".git"));
    writeFileSync(join(detached, ".git", "HEAD"), `${SHA}\n`);
    expect(readSuiteCommit(detached)).toBe(SHA);

    const loose = checkout();
    mkdirSync(join(loose, ".git", "refs", "heads"), { recursive: true });
    writeFileSync(join(loose, ".git", "HEAD"), "ref: refs/heads/main\n");
    writeFileSync(join(loose, ".git", "refs", "heads", "main"), `${SHA}\n`);
    expect(readSuiteCommit(loose)).toBe(SHA);

    const packed = checkout();
    mkdirSync(join(packed, ".git"));
    writeFileSync(join(packed, ".git", "HEAD"), "ref: refs/heads/main\n");
    writeFileSync(join(packed, ".git", "packed-refs"), `# pack-refs\n${SHA} refs/heads/main\n`);
    expect(readSuiteCommit(packed)).toBe(SHA);
  });

  it("is null without UPSTREAM or .git", () => expect(readSuiteCommit(checkout())).toBeNull());
});

describe("locateSuite", () => {
  it("prefers --suite, then $JSON_SCHEMA_TEST_SUITE, and says where it looked", () => {
    const suite = writeFakeSuite();
    expect(locateSuite(suite, {})).toEqual({ found: true, dir: suite });
    expect(locateSuite(undefined, { JSON_SCHEMA_TEST_SUITE: suite })).toEqual({ found: true, dir: suite });
    const missing = locateSuite(join(suite, "nope"), { JSON_SCHEMA_TEST_SUITE: suite });
    expect(missing).toEqual({ found: false, looked: [`${join(suite, "nope")} (--suite)`] });
  });
});
