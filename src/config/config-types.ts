// The shape of schemalab.config.json (schemalab.config.schema.json is its contract; keep both in step).
export type CatalogEntry = string | { readonly mcp: string } | { readonly module: string };

export interface SchemalabConfig {
  readonly catalogs?: readonly CatalogEntry[];
  readonly targets?: readonly string[];
  readonly validator?: string;
  readonly runs?: number;
  readonly seed?: number | "random";
  readonly steps?: readonly ("check" | "fuzz" | "probe" | "compat" | "conformance")[];
  readonly probe?: { readonly providers?: readonly string[]; readonly maxRequests?: number; readonly samples?: number; readonly concurrency?: number };
  readonly compat?: {
    readonly pairs?: readonly { readonly old: string; readonly new: string }[];
    readonly ignoreFile?: string;
    readonly severity?: Readonly<Record<string, "breaking" | "warning" | "ignore">>;
  };
  readonly suite?: string;
  readonly baseline?: string;
  readonly failOn?: Readonly<Partial<Record<"check" | "compat" | "fuzz" | "probe" | "run", readonly string[]>>>;
  readonly out?: string;
}

/** A config as found: its file, and every path in it made absolute from the file's folder. */
export interface LoadedConfig {
  readonly file: string;
  readonly config: SchemalabConfig;
}
