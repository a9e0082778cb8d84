// One translation in progress: a private deep copy of the declared schema that the steps edit in
// place, plus what they record. The declared schema itself is never touched. The copy is made when a
// step first asks for the schema to edit: most targets change nothing in most schemas, and then the
// translation reads (and its native schema is) the declared schema itself.
import { otherKeywordsOf } from "../../src/schema/detect-features.js";
import { featureInfo, isFeatureId } from "../../src/schema/features.js";
import { resolvePointer } from "../../src/schema/json-pointer.js";
import type { DeclaredSchema, FeatureUse, JsonSchema } from "../../src/schema/types.js";
import type { FeatureCell, ModeProfile, RuleName } from "../profiles/profile-types.js";
import { cellTreatment, type CellTreatment } from "./mode-reads.js";
import type { TranslateOptions, Translation, TranslationChange, TranslationRejection } from "./translation-types.js";
import { placeVars, reasonWithoutProviderText, renderProviderError, type ErrorVars } from "./render-provider-error.js";

export class TranslationDraft {
  private copy: JsonSchema | undefined;
  readonly changes: TranslationChange[] = [];
  readonly rejected: TranslationRejection[] = [];
  readonly dialectUses: FeatureUse[] = [];
  // Keys of what is rejected, so recording stays constant time however many rejections a schema has.
  private readonly rejectedKeys = new Set<string>();
  private readonly rejectedPaths = new Set<string>();

  constructor(
    readonly declared: DeclaredSchema,
    readonly mode: ModeProfile,
    readonly options: TranslateOptions,
  ) {}

  /** The schema being translated, to edit: steps may replace it (the root) or edit nodes inside it. */
  get schema(): JsonSchema {
    // A JSON round trip, not structuredClone: a hand-built schema may share one subschema object in two
    // places, and editing one place in the copy must not edit the other.
    return (this.copy ??= JSON.parse(JSON.stringify(this.declared.schema)) as JsonSchema);
  }

  set schema(schema: JsonSchema) {
    this.copy = schema;
  }

  /** The schema as translated so far, only to read: the declared schema until a step edits. */
  get current(): JsonSchema {
    return this.copy ?? this.declared.schema;
  }

  /** Rewrite and remove (the adapter's view), or only report (the provider's view of the schema as declared). */
  get strips(): boolean {
    return this.options.unsupported === "strip";
  }

  // Every read of the mode's cells goes through cell(), status() or treatment(), so options.reads sees
  // it all (the rest of what translation reads of a mode is in modeTranslationKey).
  cell(feature: string): FeatureCell | undefined {
    const cell = this.mode.features[feature];
    this.options.reads?.read("cell", feature, cell);
    return cell;
  }

  /** Only the cell's status. */
  status(feature: string): FeatureCell["status"] | undefined {
    const cell = this.mode.features[feature];
    this.options.reads?.read("status", feature, cell);
    return cell?.status;
  }

  /** Only whether the mode refuses the feature, has not confirmed it, or takes it: what decides an edit. */
  treatment(feature: string): CellTreatment {
    const cell = this.mode.features[feature];
    this.options.reads?.read("treatment", feature, cell);
    return cellTreatment(cell);
  }

  /** The node at a place, only to read (no copy is made). */
  nodeAt(path: string): unknown {
    return resolvePointer(this.current, path);
  }

  /** The node at a place in the private copy, to edit. */
  editableAt(path: string): unknown {
    return resolvePointer(this.schema, path);
  }

  change(change: TranslationChange): void {
    this.changes.push(change);
  }

  /** Records a rejection once per feature and place, and once per error text and place. */
  reject(feature: string, path: string, error: string): void {
    const byFeature = `${path}\u0000feature\u0000${feature}`;
    const byError = `${path}\u0000error\u0000${error}`;
    if (this.rejectedKeys.has(byFeature) || this.rejectedKeys.has(byError)) return;
    this.rejectedKeys.add(byFeature).add(byError);
    this.rejectedPaths.add(path);
    this.rejected.push({ feature, path, error });
  }

  isRejected(path: string): boolean {
    return this.rejectedPaths.has(path);
  }

  /** The provider's error for a feature at a place, or a `schemalab:` reason when none is on record. */
  featureError(feature: string, path: string, extra: ErrorVars = {}): string {
    const cell = this.cell(feature);
    // `keyword:other` names no keyword of its own: the error names the first one found at the place.
    const keyword = feature === "keyword:other" ? otherKeywordsOf(this.nodeAt(path))[0] : isFeatureId(feature) ? featureInfo(feature).keywords[0] : undefined;
    const vars = placeVars(this.declared.name, path, this.nodeAt(path), { kw: keyword, ...extra });
    if (cell?.error) return renderProviderError(cell.error, vars);
    const why = cell?.note ? `: ${cell.note}` : "";
    const what = feature === "keyword:other" && keyword !== undefined ? `'${keyword}' (keyword:other)` : `'${feature}'`;
    this.options.reads?.name(this.mode.mode);
    return reasonWithoutProviderText(`${this.mode.mode} refuses ${what}${why}`);
  }

  /** The provider's error for a broken mode rule, or a `schemalab:` reason. */
  ruleError(rule: RuleName, path: string, fallback: string, extra: ErrorVars = {}): string {
    const template = this.mode.ruleErrors?.[rule];
    if (template) return renderProviderError(template, placeVars(this.declared.name, path, this.nodeAt(path), extra));
    return reasonWithoutProviderText(fallback);
  }

  /** The fragment is built when first read: it copies the native schema, and `check` never reads it. */
  finish(native: JsonSchema | null, buildFragment: () => Record<string, unknown>): Translation {
    let fragment: Record<string, unknown> | undefined;
    return {
      native,
      get fragment() {
        return (fragment ??= buildFragment());
      },
      changes: this.changes,
      rejected: this.rejected,
      dialectUses: this.dialectUses,
    };
  }
}
