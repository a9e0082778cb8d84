// Public types of src/schema.
import type { Dialect } from "../lite/dialect.js";

/** Any JSON Schema document (draft 2020-12): an object or a boolean schema. */
export type JsonSchema = boolean | { [keyword: string]: unknown };

/** Where a declared schema came from. */
export type CatalogFormat = "openai" | "anthropic" | "gemini" | "mcp" | "schema";

export interface DeclaredSchema {
  /** Stable id: `<catalog>/<tool name>`, e.g. `fitness/write_measurement`. */
  readonly id: string;
  /** Tool (or schema) name as declared. */
  readonly name: string;
  /** Version from the catalog (`version`), the schema (`schema_version`, versioned `$id`), or null. */
  readonly version: string | null;
  readonly description?: string;
  /** Risk level a catalog may carry for a tool: drives fallback advice (high risk never relies on retry alone). */
  readonly risk?: "low" | "medium" | "high";
  /** The `strict` flag as declared (OpenAI tools and response formats, Anthropic tools); absent when not declared. */
  readonly strict?: boolean;
  readonly source: {
    readonly file: string;
    readonly format: CatalogFormat;
    /** JSON Pointer to the schema inside the file. */
    readonly pointer: string;
  };
  /** The input (tool) or output (structured answer) schema, exactly as declared. */
  readonly schema: JsonSchema;
  /**
   * What the schema is for: a tool's arguments, a structured answer, or the shape of a tool's result
   * (an MCP `outputSchema`: the server produces it; it never goes to a provider as a schema to enforce).
   */
  readonly role: "tool-input" | "structured-output" | "tool-result";
  /** The dialect it is read in: `--dialect`, else its `$schema`, else its catalog format's (Gemini OpenAPI fields), else draft 2020-12. */
  readonly dialect: Dialect;
}

/** How catalogs are read. */
export interface CatalogReadOptions {
  /** Read every schema as this dialect, whatever its `$schema` says (`--dialect`). */
  readonly dialect?: Dialect;
}

/** One use of a feature inside a schema, with the JSON Pointer of the schema location that uses it. */
export interface FeatureUse {
  readonly feature: string;
  readonly path: string;
}
