import { existsSync, readdirSync, readFileSync } from "node:fs";
import { dirname, join, resolve } from "node:path";
import { fileURLToPath } from "node:url";
import Ajv2020Module from "ajv/dist/2020.js";
import addFormatsModule from "ajv-formats";
import fc from "fast-check";
import { describe, expect, it } from "vitest";
import { FORMAT_CHECKERS } from "./formats.js";

const REPO_ROOT = resolve(dirname(fileURLToPath(import.meta.url)), "..", "..");
const SUITE_ROOT = process.env.JSON_SCHEMA_TEST_SUITE ?? resolve(REPO_ROOT, "..", "shared", "json-schema-test-suite");
const FORMAT_DIR = join(SUITE_ROOT, "tests", "draft2020-12", "optional", "format");

// Suite formats lite does not export, with the reason (the validator refuses them rather than guess).
const OMITTED_FORMATS: Record<string, string> = {
  "idn-hostname": "needs Bidi_Class and full IDNA2008 tables",
  "idn-email": "its domain is an idn-hostname",
  unknown: "not a format: the suite checks that unknown formats are ignored",
};

interface SuiteCase {
  readonly file: string;
  readonly format: string;
  readonly description: string;
  readonly data: string;
  readonly valid: boolean;
}

function readSuiteCases(): SuiteCase[] {
  return readdirSync(FORMAT_DIR).flatMap((file) =>
    (JSON.parse(readFileSync(join(FORMAT_DIR, file), "utf8")) as Array<{ schema: { format: string }; tests: Array<{ description: string; data: unknown; valid: boolean }> }>).flatMap(
      ({ schema, tests }) =>
        tests
          .filter((test): test is typeof test & { data: string } => typeof test.data === "string") // other types never reach a checker
          .map(({ description, data, valid }) => ({ file, format: schema.format, description, data, valid })),
    ),
  );
}

describe("official JSON-Schema-Test-Suite, draft2020-12/optional/format", () => {
  if (!existsSync(FORMAT_DIR)) {
    it.skip(`skipped: suite not found at ${FORMAT_DIR} (set JSON_SCHEMA_TEST_SUITE)`, () => {});
    return;
  }
  const cases = readSuiteCases();
  const exported = cases.filter(({ format }) => format in FORMAT_CHECKERS);

  it("covers every suite format: exported, or omitted with a reason", () => {
    const unhandled = [...new Set(cases.map(({ format }) => format))].filter((format) => !(format in FORMAT_CHECKERS) && !(format in OMITTED_FORMATS));
    expect(unhandled).toEqual([]);
    expect(Object.keys(FORMAT_CHECKERS).filter((format) => !cases.some((suiteCase) => suiteCase.format === format))).toEqual([]);
  });

  it.each(exported.map((suiteCase) => [`${suiteCase.file}: ${suiteCase.description}`, suiteCase] as const))("%s", (_, { format, data, valid }) => {
    expect(FORMAT_CHECKERS[format]!(data)).toBe(valid);
  });
});

describe("FORMAT_CHECKERS", () => {
  it("has no prototype, so inherited names are not formats, and cannot be changed", () => {
    expect(Object.getPrototypeOf(FORMAT_CHECKERS)).toBeNull();
    for (const name of ["__proto__", "toString", "constructor", "hasOwnProperty"]) expect(FORMAT_CHECKERS[name]).toBeUndefined();
    expect(Object.isFrozen(FORMAT_CHECKERS)).toBe(true);
  });

  it("exports the formats it checks, and only those", () => {
    expect(Object.keys(FORMAT_CHECKERS).sort()).toEqual(
      ["date", "date-time", "duration", "email", "hostname", "ipv4", "ipv6", "iri", "iri-reference", "json-pointer", "regex", "relative-json-pointer", "time", "uri", "uri-reference", "uri-template", "uuid"],
    );
  });
});

describe("unit cases", () => {
  const cases: Array<[format: string, value: string, valid: boolean]> = [
    ["date", "2024-02-29", true],
    ["date", "2023-02-29", false],
    ["date", "2024-02-30", false],
    ["date", "0000-02-29", true], // year 0 is a leap year in the proleptic Gregorian calendar
    ["time", "24:00:00Z", false],
    ["time", "12:00:00", false], // RFC 3339 full-time needs an offset
    ["time", "23:59:60Z", true],
    ["time", "23:59:60.999Z", true],
    ["time", "12:00:00+01", false],
    ["date-time", "2024-02-29t23:59:60z", true],
    ["date-time", "2024-02-29 12:00:00Z", false],
    ["duration", "P1W", true],
    ["duration", "P", false],
    ["duration", "PT", false],
    ["email", "jx@X", false], // dotless domain: as ajv-formats (the suite does not decide)
    ["email", '""@example.com', true],
    ["email", "a@[IPv6:1::2:3.4.5.6]", true],
    ["email", "a@[1.2.3]", false],
    ["uuid", "2eb8aa08-aa98-11ea-f4aa-73b441d16380", true], // variant nibble f: the suite accepts any variant
    ["uuid", "2eb8aa08-aa98-11ea-b4aa-73b441d1638g", false],
    ["ipv6", "::", true],
    ["ipv6", "::ffff:1.2.3.4", true],
    ["ipv6", "1:2:3:4:5:6:7::", true],
    ["ipv6", "1:2:3:4:5:6:7:8::", false],
    ["ipv6", "fe80::1%eth0", false], // zone ids belong to URIs (RFC 6874), not to the address
    ["ipv6", "1::2:3:4:5:6:1.2.3.4", false], // "::" stands for at least one group
    ["hostname", "example.com.", false],
    ["hostname", `${"a".repeat(63)}.com`, true],
    ["hostname", `${"a".repeat(64)}.com`, false],
    ["hostname", `${"a.".repeat(126)}a`, true], // 253 characters
    ["hostname", `${"a.".repeat(126)}ab`, false],
    ["hostname", "xn--bcher-kva.de", true],
    ["hostname", "XN--BCHER-KVA.de", true], // A-labels compare case-insensitively
    ["hostname", "xn--example-", false], // decodes to ASCII only
    ["hostname", "xn---9uc", false], // non-canonical Punycode
    ["hostname", "xn--i-fka", true], // "iı": dotless i is PVALID although toUpperCase().toLowerCase() changes it
    ["hostname", "xn--kz9a", false], // Cherokee small letter A case-folds to the capital: DISALLOWED
    ["hostname", "xn--58d", true], // Cherokee capital A is its own case fold: PVALID
    ["hostname", "xn--0qg", false], // U+1F80 case-folds to two letters: DISALLOWED
    ["hostname", "xn--j50i", true], // U+20000, a CJK letter outside the BMP
    ["hostname", "xn--cd9bq2e", false], // the same letter spelled as two surrogate code points: not canonical
    ["hostname", "xn--ab-j1t", false], // ZWNJ between Latin letters: no virama, no joining script
    ["hostname", "xn--ngba799q", true], // ZWNJ between two Arabic BEH
    ["uri", "urn:", true], // empty path is allowed by RFC 3986
    ["uri", "http://[v1.fe]/", true],
    ["uri", "http://[vz.fe]/", false],
    ["iri-reference", "//ƒøø/", true],
    ["uri-reference", "//ƒøø/", false],
    ["iri", "http://example.com/?\u{F0000}", true], // iprivate is allowed in the query only
    ["iri", "http://example.com/\u{F0000}", false],
    ["uri-template", "{var:9999}", true],
    ["uri-template", "a%41{0.%41}", true], // a dotted name whose second varchar is pct-encoded (found by the ajv differential)
    ["regex", "\\p{Letter}+", true],
    ["regex", "a{", false], // "u" flag: a lone brace is a syntax error
    ["json-pointer", "/a~1b~0", true],
    ["relative-json-pointer", "0#", true],
  ];
  it.each(cases)("%s %j is %s", (format, value, valid) => {
    expect(FORMAT_CHECKERS[format]!(value)).toBe(valid);
  });
});

// ---- differential property tests against ajv-formats full mode ----

const ajv = new Ajv2020Module.default({ strict: false, logger: false });
addFormatsModule.default(ajv);
const ajvChecks = (format: string) => {
  const validate = ajv.compile({ type: "string", format });
  return (value: string) => validate(value) as boolean;
};

const compiles = (source: string, flags?: string) => {
  try {
    new RegExp(source, flags);
    return true;
  } catch {
    return false;
  }
};
const SCHEME = "[a-z][a-z\\d+.-]*:";
// ajv's `\/?\/` reads "scheme://x/y" as an empty authority plus the path "//x/y".
const asAjvPathReading = (value: string) => value.replace(new RegExp(`^((?:${SCHEME})?)//`, "i"), "$1/_/");
const hasIPv4LeadingZeroInLiteral = (value: string) => /\[[^\]]*:([\d.]+)\]/.exec(value)?.[1]!.split(".").some((octet) => /^0\d/.test(octet)) ?? false;
const timePart = (value: string) => /(\d\d):(\d\d):(\d\d(?:\.\d+)?)/.exec(value);

// The documented differences (see the top of formats.ts), each with an example that shows it.
interface KnownDifference {
  readonly name: string;
  readonly example: string;
  readonly applies: (value: string) => boolean;
}

const OFFSET_WITHOUT_COLON: KnownDifference = { name: "offset ±hh or ±hhmm", example: "12:00:00+0100", applies: (v) => /[+-]\d\d(\d\d)?$/.test(v) };
const LEAP_SECOND_OUT_OF_RANGE: KnownDifference = {
  name: "hour 24 or minute 60 on a leap second",
  example: "24:59:60+01:00",
  applies: (v) => ((time) => !!time && (+time[1]! > 23 || +time[2]! > 59))(timePart(v)),
};
const FRACTION_ROUNDS_TO_NEXT_SECOND: KnownDifference = {
  name: "fraction that rounds up in floating point",
  example: "00:59:59.999999999999999Z",
  applies: (v) => ((time) => !!time && Math.floor(+time[3]!) !== parseInt(time[3]!, 10))(timePart(v)),
};
const TIME_DIFFERENCES = [OFFSET_WITHOUT_COLON, LEAP_SECOND_OUT_OF_RANGE, FRACTION_ROUNDS_TO_NEXT_SECOND];
const IP_LITERAL_LEADING_ZERO: KnownDifference = { name: "leading zero in an IP literal's IPv4 part", example: "http://[::ffff:01.2.3.4]/", applies: hasIPv4LeadingZeroInLiteral };
const SINGLE_SLASH_AUTHORITY: KnownDifference = {
  name: 'ajv reads "scheme:/" as the start of an authority',
  example: "http:/[::1]",
  applies: (v) => new RegExp(`^(?:${SCHEME})?/(?!/)[^/?#]*\\[`, "i").test(v),
};

const KNOWN_DIFFERENCES: Record<string, readonly KnownDifference[]> = {
  time: TIME_DIFFERENCES,
  "date-time": [
    ...TIME_DIFFERENCES.map((difference) => ({ ...difference, example: `2020-01-01T${difference.example}` })),
    { name: "whitespace separator", example: "2020-01-01 12:00:00Z", applies: (v) => /\s/.test(v) },
  ],
  duration: [{ name: "RFC 3339 unit chain", example: "P1Y2D", applies: (v) => /Y\d+D|H\d+S/.test(v) }],
  uuid: [{ name: "urn:uuid: prefix", example: "urn:uuid:2eb8aa08-aa98-11ea-b4aa-73b441d16380", applies: (v) => /^urn:uuid:/i.test(v) }],
  hostname: [
    { name: "trailing dot", example: "example.", applies: (v) => v.endsWith(".") },
    { name: "A-label checked", example: "xn--X", applies: (v) => /(^|\.)xn--/i.test(v) },
  ],
  email: [
    { name: "quoted local part", example: '"joe bloggs"@example.com', applies: (v) => v.startsWith('"') },
    { name: "address literal", example: "joe@[127.0.0.1]", applies: (v) => v.includes("@[") },
  ],
  uri: [
    { name: "ajv reads scheme://x as an empty authority and a path", example: "http://example.com:abc/p", applies: (v) => FORMAT_CHECKERS.uri!(asAjvPathReading(v)) },
    SINGLE_SLASH_AUTHORITY,
    { name: "empty hier-part", example: "mailto:#top", applies: (v) => new RegExp(`^${SCHEME}(?:[?#]|$)`, "i").test(v) },
    IP_LITERAL_LEADING_ZERO,
  ],
  "uri-reference": [
    { name: "double quote", example: '/a"b', applies: (v) => v.includes('"') },
    { name: "ajv reads //x as an empty authority and a path", example: "//example.com:abc/p", applies: (v) => FORMAT_CHECKERS["uri-reference"]!(asAjvPathReading(v)) },
    { name: "colon in the first segment of a relative path", example: "1:b", applies: (v) => /^[^/?#]*:/.test(v) && !new RegExp(`^${SCHEME}`, "i").test(v) },
    SINGLE_SLASH_AUTHORITY,
    { ...IP_LITERAL_LEADING_ZERO, example: "//[::ffff:01.2.3.4]/" },
  ],
  "uri-template": [
    { name: "apostrophe", example: "a'b", applies: (v) => v.includes("'") },
    // varchar is ALPHA / DIGIT / "_" / pct-encoded (RFC 6570 2.3), so "{0.%41}" is dotted too.
    { name: "dotted variable name", example: "{a.b}", applies: (v) => /\{[^}]*(?:\w|%[\da-f]{2})\.(?:\w|%[\da-f]{2})/i.test(v) },
    { name: "DEL or a code point outside ucschar/iprivate", example: "a\x7Fb", applies: (v) => /[\x7F-\x9F\p{Cs}\p{Noncharacter_Code_Point}\u{E0000}-\u{E0FFF}]/u.test(v) },
  ],
  regex: [{ name: '"u" flag', example: "\\a", applies: (v) => compiles(v) !== compiles(v, "u") }],
};

const SEEDS: Record<string, string[]> = {
  date: ["2024-02-29", "2023-02-28", "1999-12-31", "0000-01-01"],
  time: ["23:59:60Z", "12:00:00+01:00", "00:29:60-23:30", "08:30:06.283185z", "23:20:50.52Z"],
  "date-time": ["2024-02-29T23:59:60Z", "1990-12-31T15:59:50.123-08:00"],
  duration: ["P1Y2M3DT4H5M6S", "P2W", "PT36H", "P1M2D"],
  uuid: ["2eb8aa08-aa98-11ea-b4aa-73b441d16380"],
  ipv4: ["192.168.0.1", "255.255.255.255", "10.0.0.0"],
  ipv6: ["::1", "1:2:3:4:5:6:7:8", "::ffff:192.168.0.1", "fe80::a:b", "1::d6:192.168.0.1"],
  hostname: ["www.example.com", "a--b.com", "xn--bcher-kva.de", "localhost"],
  email: ["joe.bloggs@example.com", "a+b@x.y.z", '"q"@a.b', "a@[1.2.3.4]"],
  uri: ["http://foo.bar/?baz=qux#quux", "ldap://[2001:db8::7]/c=GB?one", "mailto:a@b.c", "urn:a:b", "http://u:p@h:80/p", "http://[::ffff:1.2.3.4]/", "http://[v1.x]/"],
  "uri-reference": ["//foo.bar/p", "/abc", "abc", "#frag", "?q=1", "http://a/b", "//[::1]:8/"],
  "uri-template": ["http://example.com/{term:1}/{term}", "{+var}", "{x,y*}", "a%41{%41}"],
  "json-pointer": ["/foo/bar~0/baz~1/%a", "", "/a~1b"],
  "relative-json-pointer": ["0/foo", "1#", "120/a~0"],
  regex: ["([abc])+\\s+$", "^a{1,2}$", "(?<n>a)\\k<n>", "[a-z]\\d", "\\p{L}\\u{1F600}"],
};
const MUTATION_CHARS = [..."0123456789:-.+TtZz/@[]%#?~ aAfFgxXvV\"\\{}PWYMDHS,;=!'*_\n", "৪", "é", "\u212A", "\x7F", "\uFFFE"];

// Near-valid strings: a valid seed with one to three characters replaced, inserted or deleted.
const mutatedSeed = (seeds: string[]) =>
  fc
    .tuple(fc.constantFrom(...seeds), fc.array(fc.tuple(fc.nat(), fc.constantFrom("replace", "insert", "delete"), fc.constantFrom(...MUTATION_CHARS)), { minLength: 1, maxLength: 3 }))
    .map(([seed, mutations]) => {
      const chars = [...seed];
      for (const [position, kind, char] of mutations) {
        const index = position % (chars.length + 1);
        chars.splice(index, kind === "insert" ? 0 : 1, ...(kind === "delete" ? [] : [char]));
      }
      return chars.join("");
    });

const pad = (width: number) => (n: number) => String(n).padStart(width, "0");
// Century years and month ends are where calendars go wrong, so draw them often.
const years = fc.oneof(fc.integer({ min: 0, max: 9999 }), fc.integer({ min: 0, max: 99 }).map((century) => century * 100));
const days = fc.oneof(fc.integer({ min: 0, max: 32 }), fc.integer({ min: 28, max: 31 }));
const dateParts = fc.tuple(years, fc.integer({ min: 0, max: 13 }), days).map(([y, m, d]) => `${pad(4)(y)}-${pad(2)(m)}-${pad(2)(d)}`);
const offsets = fc.oneof(fc.constantFrom("Z", "z", "+00:00", "-00:00"), fc.tuple(fc.constantFrom("+", "-"), fc.integer({ min: 0, max: 25 }), fc.integer({ min: 0, max: 61 })).map(([s, h, m]) => `${s}${pad(2)(h)}:${pad(2)(m)}`));
const timeParts = fc
  .tuple(fc.integer({ min: 0, max: 25 }), fc.integer({ min: 0, max: 61 }), fc.integer({ min: 0, max: 61 }), fc.constantFrom("", ".5", ".999999999999999", ".9999999999999999"), offsets)
  .map(([h, m, s, fraction, offset]) => `${pad(2)(h)}:${pad(2)(m)}:${pad(2)(s)}${fraction}${offset}`);
const ipv4Parts = fc.array(fc.oneof(fc.integer({ min: 0, max: 300 }).map(String), fc.constantFrom("00", "01", "010")), { minLength: 3, maxLength: 5 }).map((octets) => octets.join("."));
const ipv6Parts = fc
  .tuple(fc.array(fc.stringMatching(/^[\da-fA-F]{1,5}$/), { minLength: 0, maxLength: 9 }), fc.option(fc.nat()), fc.option(ipv4Parts))
  .map(([groups, gap, ipv4]) => {
    const parts = ipv4 === null ? groups : [...groups, ipv4];
    if (gap === null) return parts.join(":");
    const at = gap % (parts.length + 1);
    return `${parts.slice(0, at).join(":")}::${parts.slice(at).join(":")}`;
  });
const hostnameParts = fc.array(fc.stringMatching(/^[a-z0-9-]{0,64}$/), { minLength: 1, maxLength: 6 }).map((labels) => labels.join("."));
const uuidParts = fc.stringMatching(/^[\da-fA-Fg-]{36}$/);

const GENERATORS: Record<string, fc.Arbitrary<string>> = {
  date: fc.oneof(mutatedSeed(SEEDS.date!), dateParts),
  time: fc.oneof(mutatedSeed(SEEDS.time!), timeParts),
  "date-time": fc.oneof(mutatedSeed(SEEDS["date-time"]!), fc.tuple(dateParts, fc.constantFrom("T", "t", " "), timeParts).map((parts) => parts.join(""))),
  ipv4: fc.oneof(mutatedSeed(SEEDS.ipv4!), ipv4Parts),
  ipv6: fc.oneof(mutatedSeed(SEEDS.ipv6!), ipv6Parts),
  hostname: fc.oneof(mutatedSeed(SEEDS.hostname!), hostnameParts),
  uuid: fc.oneof(mutatedSeed(SEEDS.uuid!), uuidParts),
};

describe("agrees with ajv-formats full mode except for the documented differences", () => {
  for (const format of Object.keys(SEEDS)) {
    const ajvAccepts = ajvChecks(format);
    const differences = KNOWN_DIFFERENCES[format] ?? [];

    it(`${format}: near-valid strings`, () => {
      fc.assert(
        fc.property(GENERATORS[format] ?? mutatedSeed(SEEDS[format]!), (value) => {
          const agrees = FORMAT_CHECKERS[format]!(value) === ajvAccepts(value);
          return agrees || differences.some((difference) => difference.applies(value));
        }),
        { numRuns: 3000 },
      );
    });

    for (const { name, example, applies } of differences) {
      it(`${format}: documented difference "${name}" is real (${JSON.stringify(example)})`, () => {
        expect(applies(example)).toBe(true);
        expect(FORMAT_CHECKERS[format]!(example)).not.toBe(ajvAccepts(example));
      });
    }
  }
});

describe("no catastrophic backtracking", () => {
  const n = 50_000;
  const hostile = [
    "a".repeat(n) + "!",
    "1".repeat(n) + "<",
    "a.".repeat(n / 2) + "-",
    "http://" + "a".repeat(n) + "<",
    "//" + "a:".repeat(n / 2) + "<",
    "a@" + "a-".repeat(n / 2),
    "a@" + "a.".repeat(n / 2) + "!",
    '"' + "\\a".repeat(n / 2),
    "{" + "a.".repeat(n / 2),
    "xn--" + "a".repeat(n),
    "/".repeat(n) + "~",
    "P" + "1".repeat(n),
    "1:".repeat(n / 2),
    "x:" + "/a".repeat(n / 2) + "<",
  ];
  it.each(Object.keys(FORMAT_CHECKERS))("%s answers 50 000-character hostile strings quickly", (format) => {
    const started = performance.now();
    for (const value of hostile) FORMAT_CHECKERS[format]!(value);
    expect(performance.now() - started).toBeLessThan(500);
  });
});
