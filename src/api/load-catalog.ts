// `loadCatalog()`: declared schemas from catalog files, folders or a parsed document, read exactly as
// every verb reads them (format recognised by shape, dialect from `$schema` or the option).
import type { Dialect } from "../lite/dialect.js";
import type { DeclaredSchema } from "../schema/types.js";
import { readCatalogInput, type CatalogInput } from "./catalog-input.js";

export interface LoadCatalogOptions {
  /** Read every schema as this dialect, whatever its `$schema` says. */
  readonly dialect?: Dialect;
}

/**
 * Rejects with CatalogError naming the file and the JSON Pointer of the first bad place (a folder with
 * several bad files: CatalogErrorList, every one of them).
 *
 * @example
 * const tools = await loadCatalog("suites/catalogs/fitness.json");
 * tools.map((tool) => tool.id); // ["fitness/write_measurement", ...]
 */
export async function loadCatalog(input: CatalogInput, options: LoadCatalogOptions = {}): Promise<DeclaredSchema[]> {
  return readCatalogInput(input, options.dialect === undefined ? {} : { dialect: options.dialect });
}
