// Bad input to every verb: exit 2 and one line naming the file and the place, no stack trace, and
// (for outputs) before any work is done. Each case here once ended otherwise (a stack trace, exit 0
// on "0 schema(s)", a RangeError, a cassette miss naming the wrong file).
import { mkdirSync, mkdtempSync, writeFileSync } from "node:fs";
import { tmpdir } from "node:os";
import { join } from "node:path";
import { beforeAll, describe, expect, it } from "vitest";
import { memoryIo } from "./io.js";
import { main } from "./main.js";

let dir: string;
const at = (name: string) => join(dir, name);
const nested = (depth: number) => `{"type":"object","properties":{"a":${'{"items":'.repeat(depth)}{}${"}".repeat(depth)}}}`;

beforeAll(() => {
  dir = mkdtempSync(join(tmpdir(), "schemalab-bad-input-"));
  mkdirSync(at("empty-folder"));
  mkdirSync(at("replay-empty-cassette"));
  mkdirSync(at("replay-binary"));
  mkdirSync(at("replay-not-json"));
  writeFileSync(at("empty.json"), "");
  writeFileSync(at("existing.json"), "{}");
  writeFileSync(at("deep-catalog.json"), nested(100_000));
  writeFileSync(at("deep-results.json"), `${"[".repeat(100_000)}${"]".repeat(100_000)}`);
  writeFileSync(at("utf16.json"), Buffer.from('\ufeff{"type":"object"}', "utf16le"));
  writeFileSync(at("binary.json"), Buffer.from([0x7b, 0x00, 0x01, 0x02, 0xff, 0x00, 0x7d]));
  writeFileSync(at("self-ref.json"), '{"$ref": "#"}');
  writeFileSync(at("object.json"), '{"type": "object"}');
  writeFileSync(at("replay-empty-cassette/0123-1.json"), "");
  writeFileSync(at("replay-binary/0123-1.json"), Buffer.from([0, 1, 2, 3]));
  writeFileSync(at("replay-not-json/0123-1.json"), "{ nope");
});

async function run(argv: string[]) {
  const io = memoryIo();
  const code = await main(argv, io);
  return { code, ...io };
}

describe("bad input is exit 2 with one line", () => {
  it.each([
    [["fuzz", "--out", "DIR/missing/x.json", "--runs", "1"], /--out .*missing\/x\.json: the folder .* does not exist/],
    [["fuzz", "--regressions", "DIR/missing", "--runs", "1"], /--regressions .*missing: no such file or folder/],
    [["fuzz", "--schemas", "DIR/empty-folder", "--runs", "1"], /empty-folder: no schemas found there/],
    [["fuzz", "--schemas", "DIR/deep-catalog.json", "--runs", "1"], /deep-catalog\.json:1:\d+: nested deeper than 1000 levels/],
    [["check", "--catalog", "DIR/empty-folder"], /--catalog .*empty-folder: no schemas found there/],
    [["check", "--matrix", "DIR/empty-folder"], /--matrix .*empty-folder: is a folder, expected a file/],
    [["check", "--catalog", "DIR/deep-catalog.json"], /deep-catalog\.json:1:\d+: nested deeper than 1000 levels/],
    [["check", "--catalog", "DIR/utf16.json"], /utf16\.json:1:1: the file is UTF-16 encoded/],
    [["check", "--catalog", "DIR/binary.json"], /binary\.json:1:1: the file is binary/],
    [["report", "--in", "DIR/deep-results.json", "--out", "DIR/report-out"], /deep-results\.json:1:1001: nested deeper than 1000 levels/],
    [["report", "--in", "DIR/existing.json", "--out", "DIR/existing.json"], /--out .*existing\.json: is a file, expected a folder/],
    [["report", "--in", "DIR/empty.json", "--out", "DIR/report-out"], /--in .*empty\.json: is empty/],
    [["run", "--baseline", "DIR/empty.json", "--out", "DIR/run-out"], /--baseline .*empty\.json: is empty/],
    [["run", "--out", "DIR/existing.json"], /--out .*existing\.json: is a file, expected a folder/],
    [["probe", "--provider", "openai", "--replay", "DIR/missing"], /--replay .*missing: no such folder/],
    [["probe", "--provider", "openai", "--replay", "DIR/empty-folder"], /replay folder .*empty-folder: no cassettes/],
    [["probe", "--provider", "openai", "--replay", "DIR/replay-empty-cassette"], /cassette .*replay-empty-cassette\/0123-1\.json: is empty/],
    [["probe", "--provider", "openai", "--replay", "DIR/replay-binary"], /cassette .*replay-binary\/0123-1\.json: is binary/],
    [["probe", "--provider", "openai", "--replay", "DIR/replay-not-json"], /cassette .*replay-not-json\/0123-1\.json: not JSON/],
    [["compat", "DIR/self-ref.json", "DIR/object.json"], /self-ref\.json \(document root\): .*recurses without end/],
    [["conformance", "--suite", "DIR/missing"], /missing/],
    [["dispatch", "--suite", "DIR/missing"], /missing/],
  ])("%j", async (argv, line) => {
    const { code, stderr, stdout } = await run(argv.map((arg) => arg.replace(/^DIR/, dir)));
    expect(stderr).toMatch(line);
    expect(stderr.trim().split("\n")).toHaveLength(1);
    expect(stderr).not.toMatch(/\n\s+at /);
    expect(stdout).toBe("");
    expect(code).toBe(2);
  });

  it("refuses to send a key over plain HTTP to a host that is not loopback", async () => {
    const saved = process.env.OPENAI_API_KEY;
    process.env.OPENAI_API_KEY = "sk-test-0000000000000000";
    try {
      const { code, stderr } = await run(["probe", "--provider", "openai", "--base-url", "http://example.com/v1"]);
      expect(stderr).toMatch(/refusing to send the API key over plain HTTP to example\.com .*--allow-insecure-http/);
      expect(code).toBe(2);
    } finally {
      if (saved === undefined) delete process.env.OPENAI_API_KEY;
      else process.env.OPENAI_API_KEY = saved;
    }
  });
});
