// The keyword a near miss breaks, as the schema's own dialect names it. The generators label each
// defect with the feature it aims at; a defect can land on another keyword first (a null in an
// optional field breaks that field's `type`; 1 ulp under an integer's minimum breaks `type` too), so
// the label is confirmed by validating the value against the 2020-12 reading (Ajv 2020, every error,
// own properties only), and the keyword reported at the defect's site wins when the label's is absent.
import Ajv2020Module from "ajv/dist/2020.js";
import addFormatsModule from "ajv-formats";
import type { ErrorObject } from "ajv";
import type { Dialect } from "../lite/dialect.js";
import { FEATURES } from "../schema/features.js";
import type { JsonSchema } from "../schema/types.js";

const Ajv2020 = Ajv2020Module.default;
const addFormats = addFormatsModule.default;

const KEYWORD_OF_FEATURE = new Map(FEATURES.map((info) => [info.id, info.keywords[0]]));

type Judge = (value: unknown) => readonly ErrorObject[];

let ajv: InstanceType<typeof Ajv2020> | undefined;
const judges = new WeakMap<object, Judge>();

function judgeOf(reading: JsonSchema): Judge | undefined {
  if (typeof reading !== "object") return undefined;
  let judge = judges.get(reading);
  if (!judge) {
    ajv ??= addFormats(new Ajv2020({ strict: false, allErrors: true, verbose: true, ownProperties: true, logger: false, validateSchema: false, code: { optimize: false } }));
    let validate: ReturnType<NonNullable<typeof ajv>["compile"]> | undefined;
    try {
      validate = ajv.compile(reading);
    } catch {
      validate = undefined;
    } finally {
      ajv.removeSchema(reading);
    }
    judge = (value) => (validate === undefined || validate(value) ? [] : (validate.errors ?? []));
    judges.set(reading, judge);
  }
  return judge;
}

const within = (path: string, site: string): boolean => path === site || path.startsWith(`${site}/`) || site.startsWith(`${path}/`);

/** The 2020-12 keyword the defect breaks: the labelled one when the value breaks it, else the one reported nearest the site. */
function brokenKeyword(reading: JsonSchema, value: unknown, site: string, labelled: string): { keyword: string; tuple: boolean } {
  const errors = judgeOf(reading)?.(value) ?? [];
  const pick =
    errors.find((error) => error.keyword === labelled && within(error.instancePath, site)) ??
    errors.find((error) => error.instancePath === site) ??
    errors.find((error) => within(error.instancePath, site)) ??
    errors[0];
  if (!pick) return { keyword: labelled, tuple: false };
  const parent = pick.parentSchema as { prefixItems?: unknown } | undefined;
  return { keyword: pick.keyword, tuple: parent?.prefixItems !== undefined };
}

/** Renames a 2020-12 keyword to the dialect's spelling. */
function inDialect(keyword: string, tuple: boolean, dialect: Dialect): string {
  // Draft-04's exclusive bounds are booleans beside minimum/maximum: the bound broken is minimum/maximum.
  if (dialect === "draft4" && (keyword === "exclusiveMinimum" || keyword === "exclusiveMaximum")) return keyword === "exclusiveMinimum" ? "minimum" : "maximum";
  const before2019 = dialect === "draft4" || dialect === "draft6" || dialect === "draft7";
  if (!before2019) return keyword;
  if (keyword === "prefixItems") return "items";
  if (keyword === "items" && tuple) return "additionalItems";
  if (keyword === "dependentRequired" || keyword === "dependentSchemas") return "dependencies";
  return keyword;
}

export function keywordOf(reading: JsonSchema, value: unknown, site: string, feature: string, dialect: Dialect): string {
  const labelled = KEYWORD_OF_FEATURE.get(feature) ?? feature.split(":")[0]!;
  const { keyword, tuple } = brokenKeyword(reading, value, site, labelled);
  return inDialect(keyword, tuple, dialect);
}
