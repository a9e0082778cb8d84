// Reads the documented capability profiles (providers/<id>/profile.json and the sub-profiles
// providers/<id>/<variant>.profile.json, addressed as `<id>/<variant>:<mode>`) and measured matrices,
// checks them against providers/profile.schema.json and the feature taxonomy, and resolves targets.
import { readdirSync, readFileSync, existsSync } from "node:fs";
import { join } from "node:path";
import Ajv2020Module from "ajv/dist/2020.js";
import type { ErrorObject, ValidateFunction } from "ajv";
import { fromRoot } from "../../src/package-root.js";
import { isFeatureId } from "../../src/schema/features.js";
import type { MeasuredMatrix, ModeProfile, ProviderProfile } from "./profile-types.js";
import { parseCheckedJson } from "../../src/schema/json-text-limits.js";

// Ajv is CommonJS: under NodeNext the class sits on `.default`.
const Ajv2020 = Ajv2020Module.default;

/** A profile or matrix file that does not hold a valid profile: names the file and the place in it. */
export class ProfileError extends Error {
  override readonly name = "ProfileError";
  constructor(
    readonly file: string,
    readonly place: string,
    reason: string,
  ) {
    super(`${file}${place === "" ? "" : ` at ${place}`}: ${reason}`);
  }
}

export class UnknownTargetError extends Error {
  override readonly name = "UnknownTargetError";
  constructor(
    readonly target: string,
    readonly knownTargets: readonly string[],
  ) {
    super(`unknown target '${target}'; known targets: ${knownTargets.join(", ")}`);
  }
}

export interface ResolvedTarget {
  /** `<provider>:<mode>`, e.g. `openai:chat.tools.strict` or `openai-compatible/vllm:chat.response_format`. */
  readonly target: string;
  readonly profile: ProviderProfile;
  readonly mode: ModeProfile;
}

let validator: ValidateFunction | undefined;

function profileValidator(): ValidateFunction {
  if (!validator) {
    const schema = JSON.parse(readFileSync(fromRoot("providers", "profile.schema.json"), "utf8")) as object;
    validator = new Ajv2020({ allErrors: false, strict: true, logger: false }).compile(schema);
  }
  return validator;
}

function describe(error: ErrorObject): string {
  return error.message ?? error.keyword;
}

/** Validates parsed JSON as a profile: the profile schema first, then the taxonomy ids of every cell. */
export function validateProfile(value: unknown, file: string): ProviderProfile {
  const validate = profileValidator();
  if (!validate(value)) {
    const error = validate.errors![0]!;
    throw new ProfileError(file, error.instancePath, describe(error));
  }
  const profile = value as ProviderProfile;
  profile.modes.forEach((mode, index) => {
    for (const feature of Object.keys(mode.features)) {
      if (!isFeatureId(feature)) throw new ProfileError(file, `/modes/${index}/features`, `'${feature}' is not a feature id of the taxonomy`);
    }
  });
  return profile;
}

function readProfileFile(file: string): unknown {
  const text = readFileSync(file, "utf8");
  try {
    return parseCheckedJson(text);
  } catch (error) {
    throw new ProfileError(file, "", `invalid JSON: ${(error as Error).message}`);
  }
}

/** Every profile file under `dir`: `<id>/profile.json` first, then `<id>/*.profile.json`, sorted. */
export function listProfileFiles(dir: string = fromRoot("providers")): string[] {
  const files: string[] = [];
  for (const entry of readdirSync(dir, { withFileTypes: true }).filter((e) => e.isDirectory()).map((e) => e.name).sort()) {
    const folder = join(dir, entry);
    if (existsSync(join(folder, "profile.json"))) files.push(join(folder, "profile.json"));
    for (const name of readdirSync(folder).filter((n) => n.endsWith(".profile.json")).sort()) files.push(join(folder, name));
  }
  return files;
}

const cache = new Map<string, ProviderProfile[]>();

/** The documented profiles, validated; read once per directory. */
export function loadProfiles(dir: string = fromRoot("providers")): ProviderProfile[] {
  let profiles = cache.get(dir);
  if (!profiles) {
    profiles = listProfileFiles(dir).map((file) => validateProfile(readProfileFile(file), file));
    cache.set(dir, profiles);
  }
  return profiles;
}

/** A measured matrix written by the probe: a profile plus `measuredAt`. */
export function loadMatrix(file: string): MeasuredMatrix {
  if (!existsSync(file)) throw new ProfileError(file, "", "no such file");
  const value = readProfileFile(file);
  const profile = validateProfile(value, file) as MeasuredMatrix;
  if (typeof profile.measuredAt !== "string") throw new ProfileError(file, "", "a measured matrix needs 'measuredAt'");
  return profile;
}

export function targetOf(profile: ProviderProfile, mode: ModeProfile): string {
  return `${profile.provider}:${mode.mode}`;
}

export function listTargets(profiles: readonly ProviderProfile[] = loadProfiles()): string[] {
  return profiles.flatMap((profile) => profile.modes.map((mode) => targetOf(profile, mode)));
}

/** `openai:chat.tools.strict` → its profile and mode; an unknown target throws, listing the known ones. */
export function resolveTarget(target: string, profiles: readonly ProviderProfile[] = loadProfiles()): ResolvedTarget {
  for (const profile of profiles) {
    for (const mode of profile.modes) if (targetOf(profile, mode) === target) return { target, profile, mode };
  }
  throw new UnknownTargetError(target, listTargets(profiles));
}

/**
 * Documented profiles with measured matrices laid over them: a matrix replaces the modes it measured
 * for its provider and keeps the documented ones it did not.
 */
export function overlayMatrices(documented: readonly ProviderProfile[], matrices: readonly MeasuredMatrix[]): ProviderProfile[] {
  const byProvider = new Map(documented.map((profile) => [profile.provider, profile]));
  for (const matrix of matrices) {
    const base = byProvider.get(matrix.provider);
    const measured = new Set(matrix.modes.map((mode) => mode.mode));
    const kept = base ? base.modes.filter((mode) => !measured.has(mode.mode)) : [];
    byProvider.set(matrix.provider, { ...matrix, modes: [...matrix.modes, ...kept] });
  }
  return [...byProvider.values()];
}
