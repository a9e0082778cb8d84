// Gemini's error envelopes and texts for the emulator (providers.md 3.6): google.rpc.Status as JSON,
// `{"error":{code,message,status,details?}}`. Schema errors name the proto path of the offending field.
import { parsePointer } from "../../src/schema/json-pointer.js";
import type { SchemaInvalidity } from "../emulator/schema-rules/emulator-check-conformance.js";
import { fillTemplate } from "../emulator/emulator-error-text.js";
import type { EmulatedCall, ErrorReply, SchemaRejection } from "../emulator/emulator-types.js";

const STATUS_NAMES: Readonly<Record<number, string>> = {
  400: "INVALID_ARGUMENT",
  401: "UNAUTHENTICATED",
  403: "PERMISSION_DENIED",
  404: "NOT_FOUND",
  429: "RESOURCE_EXHAUSTED",
  500: "INTERNAL",
  503: "UNAVAILABLE",
};

export function googleError(code: number, message: string, details?: readonly unknown[]): ErrorReply {
  const status = STATUS_NAMES[code] ?? "UNKNOWN";
  return { status: code, body: { error: { code, message, status, ...(details === undefined ? {} : { details }) } } };
}

export const GOOGLE_MISSING_KEY =
  "Method doesn't allow unregistered callers (callers without established identity). Please use API Key or other form of API consumer identity to call this API.";

export function googleInvalidKey(): ErrorReply {
  const message = "API key not valid. Please pass a valid API key.";
  return googleError(400, message, [
    { "@type": "type.googleapis.com/google.rpc.ErrorInfo", reason: "API_KEY_INVALID", domain: "googleapis.com", metadata: { service: "generativelanguage.googleapis.com" } },
    { "@type": "type.googleapis.com/google.rpc.LocalizedMessage", locale: "en-US", message },
  ]);
}

export function googleRateLimit(retryAfterS: number): ErrorReply {
  return googleError(429, "Resource has been exhausted (e.g. check quota).", [
    { "@type": "type.googleapis.com/google.rpc.RetryInfo", retryDelay: `${retryAfterS}s` },
  ]);
}

export function googleServerError(status: number): ErrorReply {
  if (status === 500) return googleError(500, "An internal error has occurred. Please retry or report in https://developers.generativeai.google/guide/troubleshooting");
  return googleError(503, "The model is overloaded. Please try again later.");
}

/**
 * The proto path of a schema location, as the API's JSON parser names it: map entries by position
 * (`properties[1].value`), lists by index, camelCase fields in snake_case.
 */
export function protoPath(base: string, schema: unknown, pointer: string): string {
  let path = base;
  let node: unknown = schema;
  const tokens = parsePointer(pointer);
  for (let i = 0; i < tokens.length; i += 1) {
    const token = tokens[i]!;
    const record = node !== null && typeof node === "object" ? (node as Record<string, unknown>) : {};
    if ((token === "properties" || token === "$defs" || token === "defs") && i + 1 < tokens.length) {
      const key = tokens[++i]!;
      const entries = record[token] !== null && typeof record[token] === "object" ? Object.keys(record[token] as object) : [];
      path += `.${snake(token)}[${Math.max(0, entries.indexOf(key))}].value`;
      node = (record[token] as Record<string, unknown> | undefined)?.[key];
    } else if (/^\d+$/.test(token)) {
      path += `[${token}]`;
      node = Array.isArray(node) ? node[Number(token)] : undefined;
    } else {
      path += `.${snake(token)}`;
      node = record[token];
    }
  }
  return path;
}

function snake(name: string): string {
  return name.replace(/^\$/, "").replace(/[A-Z]/g, (letter) => `_${letter.toLowerCase()}`);
}

export function googleSchemaError(call: EmulatedCall, rejection: SchemaRejection): ErrorReply {
  const path = protoPath(call.schemaParam, call.schema, rejection.path);
  const values = { name: call.name, kw: rejection.keyword, path, index: toolIndex(call), ...rejection.vars };
  const message = fillTemplate(rejection.template ?? defaultTemplate(call, rejection), values);
  if (!message.startsWith("Invalid JSON payload")) return googleError(400, message);
  return googleError(400, message, [{ "@type": "type.googleapis.com/google.rpc.BadRequest", fieldViolations: [{ field: path, description: message }] }]);
}

function toolIndex(call: EmulatedCall): string {
  return /function_declarations\[(\d+)\]/.exec(call.schemaParam)?.[1] ?? "0";
}

function defaultTemplate(call: EmulatedCall, rejection: SchemaRejection): string {
  if (rejection.feature === "root:non-object" && call.deliver === "tool") return "Unable to submit request because <name> functionDeclaration parameters schema should be of type OBJECT";
  if (rejection.rule !== undefined && rejection.rule.startsWith("max")) return "Request contains an invalid argument.";
  if (rejection.feature === "type:union") return `Invalid JSON payload received. Unknown name "type" at '<path>': Proto field is not repeating, cannot start list.`;
  if (call.dialect === "openapi") return `Invalid JSON payload received. Unknown name "<kw>" at '<path>': Cannot find field.`;
  return `* GenerateContentRequest.<path>: '<kw>' is not supported.`;
}

/**
 * A value outside a proto enum, as proto JSON parsing refuses it (the shape of Google's "Invalid value at"
 * errors; this field's exact text is not on record in providers.md).
 */
/**
 * A schema that is no schema. Approximation: Gemini's text for an invalid JSON Schema is not on record;
 * this names the field in the proto's `* GenerateContentRequest.<path>` form of providers.md 3.6.
 */
export function googleInvalidSchema(call: EmulatedCall, invalidity: SchemaInvalidity): ErrorReply {
  const path = protoPath(call.schemaParam, call.schema, invalidity.pointer);
  const what = invalidity.missingRef !== undefined ? `reference '${invalidity.missingRef}' cannot be resolved` : "invalid value";
  return googleError(400, `* GenerateContentRequest.${path}: ${what}.\n`);
}

export function googleInvalidEnum(path: string, enumType: string, value: unknown): ErrorReply {
  const message = `Invalid value at '${path}' (type.googleapis.com/${enumType}), ${JSON.stringify(value)}`;
  return googleError(400, message, [{ "@type": "type.googleapis.com/google.rpc.BadRequest", fieldViolations: [{ field: path, description: message }] }]);
}

/** A field the API's proto does not have, as proto JSON parsing refuses it (the shape of providers.md 3.2's "Unknown name"). */
export function googleUnknownField(name: string, at: string): ErrorReply {
  const message = `Invalid JSON payload received. Unknown name "${name}" at '${at}': Cannot find field.`;
  return googleError(400, message, [{ "@type": "type.googleapis.com/google.rpc.BadRequest", fieldViolations: [{ field: at, description: message }] }]);
}
