// Each break names the rule it breaks and the migration step that avoids it. One entry per topic and
// direction: backward breaks hurt old callers (tool inputs), forward breaks hurt old consumers (outputs).
import type { ChangeSubject, ChangeTopic, CompatDirection } from "./compat-types.js";

export interface ChangeWording {
  readonly kind: string;
  readonly rule: string;
  readonly migration: string;
}

interface Words {
  readonly keyword: string;
  /** The property or tool name, in backticks. */
  readonly name: string;
  readonly values: string;
  /** The keyword's value in OLD and in NEW ("none" when absent). */
  readonly before: string;
  readonly after: string;
}

type Wording = (words: Words) => ChangeWording;
type DirectedWording = Readonly<Record<CompatDirection, Wording>>;

const RULES: Readonly<Record<ChangeTopic, DirectedWording>> = {
  required: {
    backward: ({ name }) => ({
      kind: "required-added",
      rule: `never make a field required in place: old calls that omit ${name} are rejected`,
      migration: `add ${name} as optional first; make it required in a later major version, once callers send it`,
    }),
    forward: ({ name }) => ({
      kind: "required-removed",
      rule: `never drop a required output field: old consumers that read ${name} reject answers without it`,
      migration: `keep ${name} required and always emitted (deprecate it in its description); make it optional in a major version`,
    }),
  },
  "property-removed": {
    backward: ({ name }) => ({
      kind: "property-removed",
      rule: `never remove a property from a closed object: old calls that send ${name} are rejected`,
      migration: `keep ${name} declared (deprecated in its description) and ignore it in the handler; remove it in a major version`,
    }),
    forward: ({ name }) => ({
      kind: "property-added-to-closed-object",
      rule: `old consumers with a closed object reject answers that carry the new ${name}`,
      migration: `release consumers that accept ${name} first; emit it in a later version`,
    }),
  },
  "property-added": {
    backward: ({ name }) => ({
      kind: "property-added-to-open-object",
      rule: `a property declared on an open object rejects old calls that sent ${name} in another shape`,
      migration: `declare ${name} loosely enough for what callers could send, or pick a name no caller used; tighten it in a major version`,
    }),
    forward: ({ name }) => ({
      kind: "property-undeclared",
      rule: `an output property dropped from an open object may come back in a shape old consumers reject (${name})`,
      migration: `keep ${name} declared with its old schema until consumers stop reading it`,
    }),
  },
  "additional-properties": {
    backward: () => ({
      kind: "additional-properties-closed",
      rule: "never close an object old callers may send extra fields to",
      migration: "keep additionalProperties open and ignore unknown fields in the handler; close it in a major version",
    }),
    forward: () => ({
      kind: "additional-properties-opened",
      rule: "old consumers with a closed object reject answers that carry fields they do not know",
      migration: "keep the output object closed; open it once consumers accept unknown fields",
    }),
  },
  enum: {
    backward: ({ values }) =>
      values === ""
        ? { kind: "enum-added", rule: "an enum added to a free field rejects old values outside it", migration: "accept any value and map unknown ones in the handler first; restrict it in a major version" }
        : {
            kind: "enum-value-removed",
            rule: `never remove an enum value old callers may send (${values})`,
            migration: `keep ${values} in the enum, deprecated in the description (map to the replacement in the handler); remove in a major version`,
          },
    forward: ({ values }) =>
      values === ""
        ? { kind: "enum-removed", rule: "a field freed from its enum may carry values old consumers cannot read", migration: "keep the enum on the output until consumers accept any value" }
        : {
            kind: "enum-value-added",
            rule: `never emit an enum value old consumers cannot read (${values})`,
            migration: `teach consumers ${values} first; emit it in a later version`,
          },
  },
  const: {
    backward: ({ before, after }) => ({
      kind: before === "none" ? "const-added" : "const-changed",
      rule: `never change a value old calls carry (const ${before} → ${after})`,
      migration: "accept both (enum: [old, new]) first; drop the old value in a major version",
    }),
    forward: ({ before, after }) => ({
      kind: after === "none" ? "const-removed" : "const-changed",
      rule: `old consumers expect const ${before}, new answers carry ${after}`,
      migration: "emit the old value until consumers accept the new one; switch in a major version",
    }),
  },
  type: {
    backward: ({ values }) => ({
      kind: "type-narrowed",
      rule: `never narrow a field's type: old values of type ${values} are rejected`,
      migration: `keep accepting ${values} and normalise in the handler; narrow the type in a major version`,
    }),
    forward: ({ values }) => ({
      kind: "type-widened",
      rule: `old consumers cannot read answers of type ${values}`,
      migration: `keep the output type as it was; widen it once consumers handle ${values}`,
    }),
  },
  bound: {
    backward: ({ keyword, before, after }) => ({
      kind: `${keyword}-tightened`,
      rule: `never tighten a bound old values may sit at (${keyword} ${moved(before, after)})`,
      migration: `accept the old range and refuse what falls outside the new one in the handler, with a clear message; tighten ${keyword} in a major version`,
    }),
    forward: ({ keyword, before, after }) => ({
      kind: `${keyword}-loosened`,
      rule: `old consumers reject answers beyond ${keyword} ${before}${after === "none" ? "" : ` (now ${after})`}`,
      migration: `keep ${keyword} ${before} on the output until consumers accept the wider range`,
    }),
  },
  length: {
    backward: ({ keyword, before, after }) => ({
      kind: `${keyword}-tightened`,
      rule: `never tighten a length old values may have (${keyword} ${moved(before, after)})`,
      migration: `accept the old lengths and truncate or refuse in the handler; tighten ${keyword} in a major version`,
    }),
    forward: ({ keyword, before, after }) => ({
      kind: `${keyword}-loosened`,
      rule: `old consumers reject answers beyond ${keyword} ${before}${after === "none" ? "" : ` (now ${after})`}`,
      migration: `keep ${keyword} ${before} on the output until consumers accept other lengths`,
    }),
  },
  "multiple-of": {
    backward: ({ before, after }) => ({
      kind: "multipleOf-changed",
      rule: `never change the step old values were rounded to (multipleOf ${moved(before, after)})`,
      migration: "round in the handler first; change multipleOf in a major version",
    }),
    forward: ({ before }) => ({
      kind: "multipleOf-changed",
      rule: `old consumers reject answers off their step (multipleOf ${before})`,
      migration: "keep the old step on the output until consumers accept the new one",
    }),
  },
  pattern: {
    backward: ({ before, after }) => ({
      kind: before === "none" ? "pattern-added" : "pattern-changed",
      rule: `never add or tighten a pattern on values old callers fill freely (${before} → ${after})`,
      migration: "check the new pattern in the handler and log misses first; enforce it in a major version",
    }),
    forward: ({ before, after }) => ({
      kind: after === "none" ? "pattern-removed" : "pattern-changed",
      rule: `old consumers reject answers outside the old pattern ${before}`,
      migration: "keep the old pattern on the output until consumers accept the wider one",
    }),
  },
  format: {
    backward: ({ before, after }) => ({
      kind: before === "none" ? "format-added" : "format-changed",
      rule: `never add or change a format on values old callers fill freely (${before} → ${after})`,
      migration: "parse leniently in the handler and log misses first; enforce the format in a major version",
    }),
    forward: ({ before, after }) => ({
      kind: after === "none" ? "format-removed" : "format-changed",
      rule: `old consumers reject answers that are not ${before}`,
      migration: "keep the old format on the output until consumers accept the new one",
    }),
  },
  "unique-items": {
    backward: () => ({
      kind: "uniqueItems-added",
      rule: "old calls with repeated items are rejected",
      migration: "dedupe in the handler first; require unique items in a major version",
    }),
    forward: () => ({
      kind: "uniqueItems-removed",
      rule: "old consumers reject answers with repeated items",
      migration: "keep uniqueItems on the output until consumers accept repeats",
    }),
  },
  "branch-removed": {
    backward: ({ keyword }) => ({
      kind: `${keyword}-branch-removed`,
      rule: `never remove an alternative old callers may use (${keyword})`,
      migration: "keep the branch (deprecated in its description) and convert it in the handler; remove it in a major version",
    }),
    forward: ({ keyword }) => ({
      kind: `${keyword}-branch-added`,
      rule: `old consumers cannot read answers shaped by a new ${keyword} branch`,
      migration: "teach consumers the new branch first; emit it in a later version",
    }),
  },
  "branch-added": {
    backward: ({ keyword }) => ({
      kind: `${keyword}-branch-added`,
      rule: `a new ${keyword} branch that overlaps an old one makes old values match twice, and ${keyword} rejects them`,
      migration: "keep the branches disjoint (a const discriminator such as `kind`), or use anyOf",
    }),
    forward: ({ keyword }) => ({
      kind: `${keyword}-branch-removed`,
      rule: `old consumers' ${keyword} matches new answers twice: the removed branch kept the others apart`,
      migration: "keep the branches disjoint (a const discriminator such as `kind`) on both sides",
    }),
  },
  "one-of-ambiguous": {
    backward: () => ({
      kind: "oneOf-ambiguous",
      rule: "oneOf rejects a value that matches more than one branch: a widened branch now overlaps another",
      migration: "keep the branches disjoint (a const discriminator such as `kind`) or switch to anyOf before widening a branch",
    }),
    forward: () => ({
      kind: "oneOf-ambiguous",
      rule: "old consumers' oneOf matches new answers more than once and rejects them",
      migration: "keep the branches disjoint (a const discriminator such as `kind`) on both sides",
    }),
  },
  ref: {
    backward: ({ before, after }) => ({
      kind: "ref-target-changed",
      rule: `a $ref that lands elsewhere swaps the whole contract behind it (${before} → ${after})`,
      migration: "keep the old definition's constraints in the new one, or publish the new definition under a new name in a major version",
    }),
    forward: ({ before, after }) => ({
      kind: "ref-target-changed",
      rule: `old consumers read ${before}; new answers follow ${after}`,
      migration: "keep the output's definition as old consumers know it until they move",
    }),
  },
  "assertion-added": {
    backward: ({ keyword }) => ({
      kind: `${keyword}-added`,
      rule: `a new ${keyword} rejects old values it did not constrain`,
      migration: `enforce it in the handler and log misses first; add ${keyword} in a major version`,
    }),
    forward: ({ keyword }) => ({
      kind: `${keyword}-removed`,
      rule: `without ${keyword}, new answers may break old consumers that relied on it`,
      migration: `keep ${keyword} on the output until consumers no longer rely on it`,
    }),
  },
  "schema-false": {
    backward: () => ({
      kind: "schema-closed",
      rule: "a subschema set to false rejects every old value there",
      migration: "keep it open (deprecated in its description); close it in a major version",
    }),
    forward: () => ({
      kind: "schema-opened",
      rule: "old consumers accept nothing at this place",
      migration: "keep emitting nothing there until consumers accept it",
    }),
  },
  "tool-removed": {
    backward: ({ name }) => ({
      kind: "tool-removed",
      rule: `never remove a tool old prompts and cached calls still name (${name})`,
      migration: `keep ${name} (deprecated in its description, forwarding to its replacement); remove it in a major version`,
    }),
    forward: ({ name }) => ({ kind: "tool-removed", rule: `${name} is gone: nothing new to read`, migration: "none needed" }),
  },
};

export function describeChange(topic: ChangeTopic, subject: ChangeSubject, direction: CompatDirection): ChangeWording {
  // Going backward the source is OLD; going forward it is NEW.
  const [before, after] = direction === "backward" ? [subject.source, subject.target] : [subject.target, subject.source];
  return RULES[topic][direction]({
    keyword: subject.keyword,
    name: subject.name === undefined ? "" : `\`${subject.name}\``,
    values: (subject.values ?? []).map(showValue).join(", "),
    before: showValue(before),
    after: showValue(after),
  });
}

/** `400 → 300`, or just `300` when the old value is unknown (a search find) or absent. */
function moved(before: string, after: string): string {
  return before === "none" ? after : `${before} → ${after}`;
}

/** A keyword value as it reads in a sentence: JSON, `none` when absent, long values cut. */
export function showValue(value: unknown): string {
  if (value === undefined) return "none";
  const text = JSON.stringify(value);
  return text.length > 60 ? `${text.slice(0, 57)}...` : text;
}
