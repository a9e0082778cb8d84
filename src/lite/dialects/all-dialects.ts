// Every dialect lite reads, by name: what the default entry point compiles with.
import type { Dialect } from "../dialect.js";
import { DRAFT2020_RULES, type DialectRules } from "../dialect-rules.js";
import { DRAFT2019_RULES, DRAFT4_RULES, DRAFT6_RULES, DRAFT7_RULES } from "./json-schema-drafts.js";
import { OPENAPI_30_RULES } from "./openapi-3.0.js";

export const ALL_DIALECT_RULES: Readonly<Record<Dialect, DialectRules>> = {
  draft4: DRAFT4_RULES,
  draft6: DRAFT6_RULES,
  draft7: DRAFT7_RULES,
  "draft2019-09": DRAFT2019_RULES,
  "draft2020-12": DRAFT2020_RULES,
  "openapi-3.0": OPENAPI_30_RULES,
};
