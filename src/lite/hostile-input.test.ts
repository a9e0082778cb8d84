// lite under hostile input: values and schemas built to hang, crash or fool a validator. Each case
// ends with the right verdict or a named refusal. No timing assertions: the inputs are sized so a
// quadratic or exponential algorithm would run far past the test's timeout.
import { afterEach, describe, expect, it } from "vitest";
import { compile, DIALECTS, FORMAT_CHECKERS, InvalidSchemaError, MAX_SCHEMA_DEPTH, UnsupportedSchemaError, type ValidationResult } from "./index.js";

const errorsOf = (result: ValidationResult) => (result.valid ? [] : result.errors);
const keywordsOf = (result: ValidationResult) => errorsOf(result).map((error) => error.keyword);

function nested(depth: number, wrap: (inner: unknown) => unknown, leaf: unknown): unknown {
  let value = leaf;
  for (let i = 0; i < depth; i++) value = wrap(value);
  return value;
}

describe("deep values", () => {
  const list = nested(100_000, (inner) => [inner], []);
  const tree = nested(100_000, (inner) => ({ child: inner }), null);

  it("fails a recursive schema with a maxDepth error, not a stack overflow", () => {
    const result = compile({ type: "array", items: { $ref: "#" } })(list);
    expect(keywordsOf(result)).toEqual(["maxDepth"]);
    const objects = compile({ type: "object", properties: { child: { $ref: "#" } } })(tree);
    expect(keywordsOf(objects)).toEqual(["maxDepth"]);
  });

  it("passes them where the schema does not look inside", () => {
    expect(compile({ type: "array" })(list).valid).toBe(true);
    expect(compile(true)(tree).valid).toBe(true);
  });

  it("fails a value nested past maxDepth even where every level is allowed", () => {
    expect(keywordsOf(compile({ items: {}, properties: { child: { $ref: "#" } } }, { maxDepth: 50 })(tree))).toEqual(["maxDepth"]);
  });
});

describe("deep schemas", () => {
  const wraps: Record<string, (inner: unknown) => unknown> = {
    properties: (inner) => ({ type: "object", properties: { a: inner } }),
    items: (inner) => ({ items: inner }),
    allOf: (inner) => ({ allOf: [inner] }),
    anyOf: (inner) => ({ anyOf: [inner, false] }),
    not: (inner) => ({ not: inner }),
    "$defs and $ref": (inner) => ({ $defs: { x: inner }, $ref: "#/$defs/x" }),
    "if/then": (inner) => ({ if: true, then: inner }),
    prefixItems: (inner) => ({ prefixItems: [inner] }),
  };

  it.each(Object.keys(wraps))("refuses %s nested 5,000 and 100,000 levels, naming the path", (name) => {
    for (const depth of [5_000, 100_000]) {
      const schema = nested(depth, wraps[name]!, { type: "string" });
      let error: unknown;
      try {
        compile(schema);
      } catch (caught) {
        error = caught;
      }
      expect(error).toBeInstanceOf(InvalidSchemaError);
      expect((error as InvalidSchemaError).message).toContain(`nested deeper than ${MAX_SCHEMA_DEPTH} levels`);
      expect((error as InvalidSchemaError).schemaPath.length).toBeGreaterThan(MAX_SCHEMA_DEPTH);
    }
  });

  it("compiles and checks a schema just under the limit", () => {
    const schema = nested(MAX_SCHEMA_DEPTH - 1, (inner) => ({ type: "object", properties: { a: inner } }), { type: "string" });
    const validate = compile(schema, { maxDepth: MAX_SCHEMA_DEPTH });
    expect(validate(nested(MAX_SCHEMA_DEPTH - 1, (inner) => ({ a: inner }), "x")).valid).toBe(true);
    expect(errorsOf(validate(nested(MAX_SCHEMA_DEPTH - 1, (inner) => ({ a: inner }), 1)))[0]?.keyword).toBe("type");
  });

  it("refuses by name a deep schema reached only through the $ref registry's scan", () => {
    const deep = nested(100_000, (inner) => ({ not: inner }), {});
    expect(() => compile({ properties: { a: { $ref: "#" } }, not: deep })).toThrow(`invalid schema at #${"/not".repeat(MAX_SCHEMA_DEPTH + 1)} (schema)`);
  });
});

describe("deep schemas and ReDoS patterns in every dialect", () => {
  it.each(DIALECTS)("%s: a 5,000-level schema, direct or behind a $ref, is refused by path; a ReDoS pattern answers", (dialect) => {
    let deep: unknown = { type: "string" };
    for (let i = 0; i < 5_000; i++) deep = { items: deep };
    for (const schema of [deep, { definitions: { d: deep }, $ref: "#/definitions/d" }]) {
      expect(() => compile(schema, { dialect })).toThrow(expect.objectContaining({ name: "InvalidSchemaError", schemaPath: expect.stringMatching(/^#\/(definitions\/d\/)?items\/items/) }));
    }
    const validate = compile({ type: "object", properties: { s: { type: "string", pattern: "^(a+)+$" } } }, { dialect });
    expect(validate({ s: "a".repeat(50_000) + "!" }).valid).toBe(false);
  });
});

describe("cyclic schema objects", () => {
  it("follows a schema that contains itself, on a finite value", () => {
    const schema: Record<string, unknown> = { type: "object" };
    schema.properties = { self: schema };
    const validate = compile(schema);
    expect(validate({ self: { self: {} } }).valid).toBe(true);
    expect(errorsOf(validate({ self: { self: 1 } }))[0]).toMatchObject({ instancePath: "/self/self", keyword: "type" });
  });

  it("stops a cycle that never consumes the value with a named error", () => {
    const schema: Record<string, unknown> = {};
    schema.allOf = [schema];
    expect(keywordsOf(compile(schema)(1))).toEqual(["maxDepth"]);
  });

  it("stops on a cyclic value (a JavaScript caller can pass one)", () => {
    const value: Record<string, unknown> = {};
    value.next = value;
    expect(keywordsOf(compile({ type: "object", properties: { next: { $ref: "#" } } })(value))).toEqual(["maxDepth"]);
  });
});

describe("property names that are Object.prototype's", () => {
  it("treats __proto__, constructor and toString as ordinary names", () => {
    const schema = JSON.parse('{"type":"object","properties":{"__proto__":{"type":"string"},"constructor":{"type":"string"}},"required":["__proto__","toString"],"additionalProperties":false}');
    const validate = compile(schema);
    expect(validate(JSON.parse('{"__proto__":"x","toString":"y"}')).valid).toBe(false); // toString is not declared: additional
    expect(keywordsOf(validate({}))).toEqual(["required", "required"]);
    expect(keywordsOf(validate(JSON.parse('{"__proto__":5}')))).toEqual(["type", "required"]);
    expect(keywordsOf(validate({ constructor: 1, ["__proto__"]: {} }))).toEqual(["type", "type", "required"]);
  });

  it("does not see inherited properties of the value", () => {
    const validate = compile({ required: ["toString", "hasOwnProperty"], properties: { valueOf: { type: "string" } } });
    expect(keywordsOf(validate({}))).toEqual(["required", "required"]);
    expect(validate({ toString: 1, hasOwnProperty: 2 }).valid).toBe(true);
  });

  it("refuses a keyword named like a prototype member rather than reading the prototype", () => {
    expect(() => compile({ toString: "x" })).toThrow(UnsupportedSchemaError);
    expect(() => compile(JSON.parse('{"__proto__": {"type": "string"}}'))).toThrow(UnsupportedSchemaError);
  });
});

describe("a polluted Object.prototype", () => {
  const polluted = Object.prototype as Record<string, unknown>;
  const keys = ["required", "type", "additionalProperties", "a", "minLength", "$ref", "items", "pattern"];
  afterEach(() => {
    for (const key of keys) delete polluted[key];
  });

  it("changes neither what the schema says nor what the value holds", () => {
    const schema = { type: "object", properties: { a: { type: "string" }, list: { type: "array", items: { type: "number" } } } };
    Object.assign(polluted, { required: ["a"], type: "null", additionalProperties: false, a: 5, minLength: 99, $ref: "#/nowhere", items: false, pattern: "^$" });
    const validate = compile(schema);
    expect(validate({}).valid).toBe(true);
    expect(validate({ a: "x", list: [1, 2], extra: true }).valid).toBe(true);
    expect(keywordsOf(validate({ a: 1, list: ["x"] }))).toEqual(["type", "type"]);
  });
});

describe("malformed keywords", () => {
  it.each([
    [{ type: "strnig" }, "type"],
    [{ required: "name" }, "required"],
    [{ minLength: -1 }, "minLength"],
    [{ maxItems: 1.5 }, "maxItems"],
    [{ properties: [] }, "properties"],
    [{ enum: {} }, "enum"],
    [{ pattern: "(" }, "pattern"],
    [{ patternProperties: { "[": {} } }, "patternProperties"],
    [{ allOf: [] }, "allOf"],
    [{ multipleOf: "2" }, "multipleOf"],
    [{ items: 5 }, "schema"],
    [{ $ref: "#/$defs/missing" }, "$ref"],
    [{ $dynamicRef: "#x" }, "$dynamicRef"],
  ])("refuses %j as invalid (%s)", (schema, keyword) => {
    expect(() => compile(schema)).toThrow(InvalidSchemaError);
    try {
      compile(schema);
    } catch (error) {
      expect((error as InvalidSchemaError).keyword).toBe(keyword);
    }
  });

  it.each([[{ minLenght: 3 }], [{ $schema: "https://example.com/my-metaschema" }], [{ format: "no-such-format" }], [{ $ref: "https://example.com/remote.json" }]])("refuses %j as unsupported", (schema) => {
    expect(() => compile(schema)).toThrow(UnsupportedSchemaError);
  });

  it("refuses a value of a non-JSON type as a schema", () => {
    for (const schema of [null, 5, "schema", [], undefined]) expect(() => compile(schema)).toThrow(InvalidSchemaError);
  });
});

describe("wide values and schemas", () => {
  const wide = Object.fromEntries(Array.from({ length: 100_000 }, (_, i) => [`p${i}`, i]));

  it("checks 100k properties against a closed tool schema", () => {
    const validate = compile({ type: "object", properties: { p0: { type: "integer" }, p1: { type: "integer" } }, additionalProperties: false });
    const errors = errorsOf(validate(wide));
    expect(errors).toHaveLength(99_998);
    expect(errors[0]).toMatchObject({ keyword: "additionalProperties", params: { additionalProperty: "p2" } });
  });

  it("compiles a schema declaring 100k properties, all required", () => {
    const schema = { type: "object", properties: Object.fromEntries(Object.keys(wide).map((name) => [name, { type: "integer" }])), required: Object.keys(wide) };
    const validate = compile(schema);
    expect(validate(wide).valid).toBe(true);
    const missing = { ...wide };
    delete missing.p99999;
    expect(errorsOf(validate(missing))).toMatchObject([{ keyword: "required", params: { missingProperty: "p99999" } }]);
  });

  it("checks 100k property names against patternProperties and propertyNames", () => {
    const validate = compile({ patternProperties: { "^p\\d+$": { type: "integer" } }, propertyNames: { pattern: "^(p|q)+\\d*$", maxLength: 7 } });
    expect(validate(wide).valid).toBe(true);
    expect(errorsOf(validate({ ...wide, ["q".repeat(100_000)]: 1 })).map((e) => e.keyword)).toEqual(["maxLength", "propertyNames"]);
  });
});

describe("astral and broken strings", () => {
  const validate = compile({ type: "string", minLength: 3, maxLength: 3 });

  it("counts code points, not UTF-16 units", () => {
    expect(validate("😀😀😀").valid).toBe(true);
    expect(keywordsOf(validate("😀😀"))).toEqual(["minLength"]);
    expect(keywordsOf(validate("😀😀😀😀"))).toEqual(["maxLength"]);
    expect(compile({ maxLength: 100_000 })("😀".repeat(100_000)).valid).toBe(true);
    expect(keywordsOf(compile({ minLength: 100_001 })("😀".repeat(100_000)))).toEqual(["minLength"]);
  });

  it("counts a lone surrogate as one code point", () => {
    expect(validate("\ud83d\ud83d\ud83d").valid).toBe(true);
    expect(validate("a\ude00b").valid).toBe(true);
  });

  it("matches patterns by code point on a million-character string", () => {
    const text = "é😀".repeat(500_000);
    expect(compile({ pattern: "^(?:\\p{L}|\\p{Extended_Pictographic})+$" })(text).valid).toBe(true);
    expect(compile({ pattern: "^.{1000000}$" })(text).valid).toBe(true);
    expect(keywordsOf(compile({ pattern: "^(é😀)+x$" })(text))).toEqual(["pattern"]);
  });
});

describe("ReDoS patterns", () => {
  const attack = "a".repeat(100_000) + "!";

  it.each(["^(a+)+$", "^(a|a)*$", "^(a|aa)+$", "^(.*a){20}$", "^(\\w+\\s?)*$", "^([a-zA-Z0-9])(([\\-.]|[_]+)?([a-zA-Z0-9]+))*(@){1}[a-z0-9]+[.]{1}(([a-z]{2,3})|([a-z]{2,3}[.]{1}[a-z]{2,3}))$"])(
    "%s fails the attack string in linear time, in pattern and patternProperties",
    (pattern) => {
      expect(keywordsOf(compile({ pattern })(attack))).toEqual(["pattern"]);
      const names = compile({ patternProperties: { [pattern]: false } });
      expect(names({ [attack]: 1, [attack + "!"]: 2 }).valid).toBe(true);
    },
  );

  it("refuses by name a risky pattern the linear matcher cannot run", () => {
    const refusal = () => compile({ properties: { id: { pattern: "^(a+)+\\1$" } } });
    expect(refusal).toThrow(UnsupportedSchemaError);
    expect(refusal).toThrow("unsupported keyword 'pattern' at #/properties/id/pattern: pattern \"^(a+)+\\\\1$\" needs the backtracking engine and has a quantifier inside a quantified group");
    expect(() => compile({ patternProperties: { "^(?=x)(x|xy)*$": {} } })).toThrow(UnsupportedSchemaError);
  });
});

describe("format checkers on long attack strings", () => {
  const attacks = ["a".repeat(50_000) + "!", "a.".repeat(25_000) + "!", "a-".repeat(25_000) + "!", "%41".repeat(16_000) + "%", "a@" + "a.".repeat(25_000) + "-", "0:".repeat(25_000), "{a}".repeat(16_000) + "{", "/~0".repeat(16_000) + "~", "http://" + "a".repeat(50_000) + " "];

  // Each ends in " {", which no format allows (a lone "{" is not a Unicode regex either).
  it.each(Object.keys(FORMAT_CHECKERS))("%s rejects each without backtracking blow-up", (format) => {
    const validate = compile({ format });
    for (const attack of attacks) expect(keywordsOf(validate(attack + " {")), attack.slice(0, 12)).toEqual(["format"]);
  });
});

describe("uniqueItems", () => {
  const million = Array.from({ length: 1_000_000 }, (_, i) => ({ id: i, name: `item ${i % 1000}`, tags: [i % 7] }));

  it("checks a million distinct objects", () => {
    expect(compile({ type: "array", uniqueItems: true })(million).valid).toBe(true);
  });

  it("finds a duplicate written with its keys in another order, and reports the pair", () => {
    const items = [...million, { tags: [3], name: "item 10", id: 10.0 }];
    expect(errorsOf(compile({ uniqueItems: true })(items))).toMatchObject([{ keyword: "uniqueItems", params: { i: 1_000_000, j: 10 } }]);
  });

  it("checks a million equal-hash-heavy near duplicates", () => {
    const items = Array.from({ length: 1_000_000 }, (_, i) => [i % 2 === 0, [i]]);
    expect(compile({ uniqueItems: true })(items).valid).toBe(true);
  });
});

describe("oddities of numbers and types", () => {
  it("judges extreme numbers exactly", () => {
    const validate = compile({ type: "integer", minimum: -1e308, maximum: 1e308, multipleOf: 1e-8 });
    expect(validate(1e308).valid).toBe(true);
    expect(validate(-0).valid).toBe(true);
    expect(keywordsOf(validate(1.5e-9))).toEqual(["type", "multipleOf"]);
    expect(compile({ multipleOf: 0.1 })(1e308).valid).toBe(true);
  });

  it("a huge enum and const stay linear", () => {
    const values = Array.from({ length: 100_000 }, (_, i) => ({ code: i }));
    const validate = compile({ enum: values });
    expect(validate({ code: 99_999 }).valid).toBe(true);
    expect(keywordsOf(validate({ code: -1 }))).toEqual(["enum"]);
  });
});
