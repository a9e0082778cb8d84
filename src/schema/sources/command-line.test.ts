import fc from "fast-check";
import { describe, expect, it } from "vitest";
import { CommandLineError, splitCommandLine } from "./command-line.js";

/** A word as a shell user would quote it: single quotes, with each ' written '\'' */
const quote = (word: string) => `'${word.replace(/'/g, `'\\''`)}'`;

describe("splitCommandLine", () => {
  it("splits as a shell splits words", () => {
    expect(splitCommandLine(`npx -y "@scope/pkg@1" '/a dir' b\\ c ""`)).toEqual(["npx", "-y", "@scope/pkg@1", "/a dir", "b c", ""]);
    expect(splitCommandLine(`  node   server.js  `)).toEqual(["node", "server.js"]);
    expect(splitCommandLine(`say "a \\"b\\" \\$c"`)).toEqual(["say", 'a "b" $c']);
  });

  it("gives back any words written quoted", () => {
    fc.assert(fc.property(fc.array(fc.string(), { minLength: 1, maxLength: 6 }), (words) => {
      expect(splitCommandLine(words.map(quote).join(" "))).toEqual(words);
    }));
  });

  it("refuses an unclosed quote", () => {
    expect(() => splitCommandLine(`node "server.js`)).toThrow(CommandLineError);
  });
});
