// Writes providers/vertex/profile.json from providers/google/profile.json: Gemini on Vertex AI speaks the
// same generateContent body, so each mode keeps the Gemini API's verdicts where Vertex's sources say the
// same, re-cited to Vertex's own sources (aiplatform v1 openapi.proto, Vertex docs, @google/genai), and
// differs where they differ (listed in VERTEX_DIFFERENCES below). Run: node scripts/derive-vertex-profile.mjs
import { mkdirSync, readFileSync, writeFileSync } from "node:fs";
import { dirname, join } from "node:path";
import { fileURLToPath } from "node:url";

const ROOT = join(dirname(fileURLToPath(import.meta.url)), "..");
const READ = "2026-12-02";

const OPENAPI_PROTO = "googleapis/googleapis:google/cloud/aiplatform/v1/openapi.proto";
const VERTEX_SCHEMA = {
  source: OPENAPI_PROTO,
  quote: "Schema is used to define the format of input/output data. Represents a select subset of an OpenAPI 3.0 schema object. More fields may be added in the future as needed.",
};
const VERTEX_ADDITIONAL = { source: OPENAPI_PROTO, quote: "Optional. Can either be a boolean or an object; controls the presence of additional properties." };
const VERTEX_FORMAT = {
  source: "https://cloud.google.com/vertex-ai/generative-ai/docs/reference/rest/v1/Schema",
  quote: 'Optional. The format of the data. Supported formats: for NUMBER type: "float", "double" for INTEGER type: "int32", "int64" for STRING type: "email", "byte", etc',
};
/** The aiplatform v1 Schema's own words for the fields the Gemini API's proto lacked (the nodejs client had them). */
const VERTEX_FIELD_QUOTES = {
  pattern: "Optional. Pattern of the Type.STRING to restrict a string to a regular expression.",
  minLength: "Optional. SCHEMA FIELDS FOR TYPE STRING Minimum length of the Type.STRING",
  maxLength: "Optional. Maximum length of the Type.STRING",
  minProperties: "Optional. Minimum number of the properties for Type.OBJECT.",
  maxProperties: "Optional. Maximum number of the properties for Type.OBJECT.",
};
const CONTROLLED = {
  source: "https://cloud.google.com/vertex-ai/generative-ai/docs/multimodal/control-generated-output",
  quote: "Controlled generation supports a subset of the Vertex AI schema reference.",
};
const CONTROLLED_SIZE = { source: CONTROLLED.source, quote: "The size of your response schema counts towards the input token limit." };
const JS_GENAI = "googleapis/js-genai:src/types.ts";
const JSON_SCHEMA_FIELD = {
  source: JS_GENAI,
  quote: "While the full JSON Schema may be sent, not all features are supported. Specifically, only the following properties are supported:",
};
const CALLING_AUTO = { source: JS_GENAI, quote: "Default model behavior, model decides to predict either function calls or natural language response." };
const CALLING_VALIDATED = { source: JS_GENAI, quote: "Model is constrained to predict either function calls or natural language response." };
const CALLING_ANY = { source: JS_GENAI, quote: "Model is constrained to always predicting function calls only." };
const RESPONSE_FORMAT = { source: JS_GENAI, quote: "Optional. The JSON schema that the output should conform to. Only applicable when mime_type is APPLICATION_JSON." };
const RESPONSE_FORMAT_VERTEX_ONLY = { source: JS_GENAI, quote: "Configuration for the model to configure output formatting and delivery. This data type is not supported in Gemini API." };

/** The Gemini API citation → the Vertex one that says the same (by source, then by quote). */
function vertexCitation(cell) {
  const { source, quote } = cell;
  if (source.includes("generativelanguage/v1beta/content.proto")) {
    if (quote.startsWith("AUTO:")) return CALLING_AUTO;
    if (quote.startsWith("VALIDATED:")) return CALLING_VALIDATED;
    return VERTEX_SCHEMA;
  }
  if (source.includes("generativelanguage/v1beta/generative_service.proto")) return JSON_SCHEMA_FIELD;
  if (source === "https://ai.google.dev/gemini-api/docs/structured-output") {
    if (quote.startsWith("The API may reject")) return CONTROLLED_SIZE;
    if (quote.startsWith("Gemini structured output supports")) return JSON_SCHEMA_FIELD;
    return CONTROLLED; // property order
  }
  if (source.includes("docs.cloud.google.com/nodejs/docs/reference/generativelanguage")) {
    const field = /^(\w+):/.exec(quote)?.[1] ?? "pattern";
    return { source: OPENAPI_PROTO, quote: VERTEX_FIELD_QUOTES[field] ?? VERTEX_FIELD_QUOTES.pattern };
  }
  if (source.includes("pub.dev/documentation/google_cloud_ai_generativelanguage")) return VERTEX_FORMAT;
  // Unknown-name refusals observed on the Gemini API: Vertex's proto JSON parser refuses names its Schema lacks alike.
  if (source.includes("nanbingxyz/5ire") || source.includes("zed-industries/zed")) return VERTEX_SCHEMA;
  if (source.includes("agno-agi/agno") && quote.includes("adherence")) return CALLING_ANY;
  return { source, quote }; // python-genai, js-genai release docs, Firebase, OmniRoute: the same for both backends
}

/** Notes that name a Gemini API source, said for Vertex's (matched by their start). */
const NOTE_REWRITES = [
  ["sources conflict: the v1beta client", "sources conflict: Vertex's Schema reference lists STRING formats 'email', 'byte', etc.; Firebase says only enum and date-time work"],
  ["'The API may reject very large", "Vertex: 'The size of your response schema counts towards the input token limit'; no numeric limits published [UNCONFIRMED]"],
  ["an accepted field of the v1beta Schema", "a field of Vertex's Schema (aiplatform v1 openapi.proto), so no 'Unknown name' refusal; enforcement undocumented"],
  ["not in the supported keyword list;", "not in the SDK's supported list; taken as ignored as on the Gemini API ('The model ignores unsupported properties') [approximation: Vertex's docs say no more]"],
  ["outside the supported keyword list;", "outside the SDK's supported list; taken as ignored as on the Gemini API ('The model ignores unsupported properties') [approximation]"],
  ["'The model ignores unsupported properties'", "taken as ignored as on the Gemini API ('The model ignores unsupported properties') [approximation]"],
  ["format is supported 'such as", "format is in the SDK's supported list; which values are honoured is documented (date-time, date, time) for the Gemini API only"],
  ["the OpenAPI dialect has no $ref", "Vertex's Schema names references `ref` with root `defs`; `$ref` itself is not a field (the translator inlines local $refs)"],
];

function vertexNote(note) {
  if (note === undefined) return undefined;
  const rewrite = NOTE_REWRITES.find(([start]) => note.startsWith(start));
  return rewrite === undefined ? note : rewrite[1];
}

function recite(cell, extraNote) {
  const cited = vertexCitation(cell);
  const documentedNow = cited.source !== cell.source;
  const out = { ...cell, source: cited.source, quote: cited.quote, date: READ, evidence: documentedNow ? "documented" : cell.evidence };
  if (cell.conflicting) out.conflicting = cell.conflicting.map((other) => ({ ...other, ...vertexCitation(other), date: READ }));
  const note = [vertexNote(cell.note), extraNote].filter(Boolean).join("; ");
  if (note) out.note = note;
  return out;
}

const OPENAPI_MODES = new Set(["generate.responseSchema", "generate.functionDeclarations.parameters", "generate.functionDeclarations.parameters.auto", "generate.functionDeclarations.parameters.any"]);

/** Where Vertex differs from the Gemini API, per OpenAPI-dialect mode. */
function vertexDifferences(mode, features) {
  if (!OPENAPI_MODES.has(mode.mode)) return;
  const constrainedStatus = mode.mode.endsWith(".auto") ? "ignored" : "enforced";
  for (const feature of ["additionalProperties:false", "additionalProperties:true", "additionalProperties:schema"]) {
    features[feature] = {
      status: constrainedStatus,
      ...VERTEX_ADDITIONAL,
      date: READ,
      evidence: "documented",
      note: "a field of Vertex's Schema (the Gemini API's Schema has none and refuses the name); python-genai: additionalProperties is only supported in Gemini Enterprise Agent Platform (Vertex) mode" + (constrainedStatus === "ignored" ? "; under AUTO nothing is constrained" : ""),
    };
  }
}

function deriveMode(googleMode) {
  const mode = structuredClone(googleMode);
  const features = {};
  for (const [feature, cell] of Object.entries(mode.features)) features[feature] = recite(cell);
  vertexDifferences(mode, features);
  mode.features = features;
  if (mode.limitSource) mode.limitSource = recite(mode.limitSource);
  if (mode.ruleSource) mode.ruleSource = recite(mode.ruleSource);
  if (mode.rules?.objectsNeedProperties) {
    // The Gemini API's empty-OBJECT refusal is not Vertex's (agno-agi/agno#2112 names it the Gemini API's).
    mode.rules = { ...mode.rules, objectsNeedProperties: false };
    mode.ruleSource = { ...mode.ruleSource, note: "objects need non-empty properties on the Gemini API only (agno-agi/agno#2112: 'Gemini API, not Vertex'), so not a Vertex rule" };
    if (mode.ruleErrors) delete mode.ruleErrors.objectsNeedProperties;
  }
  if (mode.fallbackTarget) mode.fallbackTarget = mode.fallbackTarget.replace(/^google:/, "vertex:");
  mode.description = mode.description.replace("(proto Schema)", "(aiplatform v1 Schema)");
  return mode;
}

/** generationConfig.responseFormat[].text: Vertex only ("not supported in Gemini API"), a JSON Schema. */
function responseFormatMode(jsonSchemaMode) {
  const mode = deriveMode(jsonSchemaMode);
  const known = new Set(["type:string", "type:number", "type:integer", "type:boolean", "type:object", "type:array", "properties", "required", "items", "enum", "description", "title"]);
  const features = {};
  for (const [feature, cell] of Object.entries(mode.features)) {
    if (known.has(feature)) features[feature] = { status: cell.status, ...RESPONSE_FORMAT, date: READ, evidence: "documented" };
    else features[feature] = { status: "unknown", ...RESPONSE_FORMAT, date: READ, evidence: "documented", note: "no keyword subset is documented for response_format; responseJsonSchema's list likely applies [UNCONFIRMED]" };
  }
  return {
    ...mode,
    mode: "generate.responseFormat",
    description: "generationConfig.responseFormat[0].text {mimeType: application/json, schema}: JSON Schema; Vertex only (the SDK's ResponseFormat is 'not supported in Gemini API'); responseSchema and responseMimeType are deprecated in its favour",
    enforcement: "unknown",
    request: { fragment: { generationConfig: { responseFormat: [{ text: { mimeType: "application/json" } }] } }, schemaAt: "/generationConfig/responseFormat/0/text/schema" },
    ruleSource: { ...RESPONSE_FORMAT_VERTEX_ONLY, date: READ, evidence: "documented" },
    limitSource: { ...CONTROLLED_SIZE, date: READ, evidence: "documented", note: "no numeric limits published" },
    features,
    fallback: "validate-and-retry",
  };
}

const google = JSON.parse(readFileSync(join(ROOT, "providers/google/profile.json"), "utf8"));
const modes = google.modes.map(deriveMode);
modes.push(responseFormatMode(google.modes.find((mode) => mode.mode === "generate.responseJsonSchema")));
const sources = [...new Set(modes.flatMap((mode) => [mode.limitSource, mode.ruleSource, ...Object.values(mode.features)].filter(Boolean).flatMap((cell) => [cell.source, ...(cell.conflicting ?? []).map((other) => other.source)])))];
const vertex = {
  $schema: "../profile.schema.json",
  provider: "vertex",
  version: "2026.12.0",
  date: READ,
  description:
    "Gemini on Vertex AI (aiplatform v1 generateContent: regional, global and express endpoints): the Gemini API's body and modes; the OpenAPI-dialect Schema adds additionalProperties (and ref/defs); generationConfig.responseFormat is Vertex only. Derived by scripts/derive-vertex-profile.mjs.",
  sources,
  modes,
};
mkdirSync(join(ROOT, "providers/vertex"), { recursive: true });
writeFileSync(join(ROOT, "providers/vertex/profile.json"), `${JSON.stringify(vertex, null, 2)}\n`);
console.log(`providers/vertex/profile.json: ${modes.length} modes, ${sources.length} sources`);
