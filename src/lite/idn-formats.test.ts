import fc from "fast-check";
import { domainToASCII } from "node:url";
import { describe, expect, it } from "vitest";
import { isIdnEmail, isIdnHostname, punycodeLength } from "./idn-formats.js";

describe("idn-hostname", () => {
  it.each([
    ["실례.테스트", true],
    ["xn--ihqwcrb4cv8a8dqg056pqjye", true],
    ["a。b", true],
    ["l·l", true],
    ["ب٠ب", true],
    ["example.", false],
    ["a..b", false],
    ["0a.א", false],
    ["aא", false],
    ["א0٠", false],
    ["xn--X", false],
    ["ü".repeat(60), false],
  ])("%s → %s", (value, valid) => {
    expect(isIdnHostname(value)).toBe(valid);
  });

  it("measures a U-label's A-label form as Node's punycode encoder does", () => {
    const letter = fc.constantFrom(..."abcxyzüéßαβγωабвя실례테스트丈ぁァ");
    fc.assert(
      fc.property(fc.array(letter, { minLength: 1, maxLength: 40 }), (letters) => {
        const label = letters.join("");
        const ascii = domainToASCII(label);
        fc.pre(ascii !== "");
        expect(/^[\0-\x7F]*$/.test(label) ? label.length : 4 + punycodeLength(label)).toBe(ascii.length);
      }),
    );
  });
});

describe("idn-email", () => {
  it.each([
    ["실례@실례.테스트", true],
    ["δοκιμή@example.com", true],
    ['"δοκιμή"@example.com', true],
    ["user@cafe\u0301.com", true],
    ["2962", false],
    ["user＠example.com", false],
    [`${"a".repeat(65)}@example.com`, false],
  ])("%s → %s", (value, valid) => {
    expect(isIdnEmail(value)).toBe(valid);
  });
});
