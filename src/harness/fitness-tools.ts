// The reference tools of the fitness catalog (suites/catalogs/fitness.json), backed by a real store:
// each schema as the catalog declares it, plus the guards a schema cannot express (a date in the
// future, an unknown id, a delete or an implausible jump that needs the user's yes).
import type { DeclaredSchema } from "../schema/index.js";
import { loadCatalogs } from "../schema/index.js";
import { fromRoot } from "../package-root.js";
import { defineTool, ToolRejection, type GuardVerdict, type Tool } from "./define-tool.js";
import type { MealInput, MeasurementInput, MeasurementStore } from "./measurement-store.js";

export const FITNESS_CATALOG = fromRoot("suites", "catalogs", "fitness.json");

/** Before this, a date is a typo, not a measurement. */
const EARLIEST_DATE = "1900-01-01";
/** A weight this far from the last one is more likely a unit or typing slip than a real change. */
const PLAUSIBLE_WEIGHT_CHANGE = 0.25;

export interface FitnessToolsOptions {
  readonly store: MeasurementStore;
  /** The catalog's declarations (loadFitnessCatalog). */
  readonly catalog: readonly DeclaredSchema[];
  /** Today's date, YYYY-MM-DD in the user's calendar; injected so guards are deterministic in tests. */
  readonly today: () => string;
}

export async function loadFitnessCatalog(): Promise<DeclaredSchema[]> {
  return loadCatalogs([FITNESS_CATALOG]);
}

interface GetMeasurementsArgs {
  readonly from: string;
  readonly to: string;
  readonly fields: readonly string[] | null;
}

interface DeleteMeasurementArgs {
  readonly id: number;
  readonly confirmed?: boolean;
}

const allow: GuardVerdict = { verdict: "allow" };
const reject = (reason: string): GuardVerdict => ({ verdict: "reject", reason });

export function fitnessTools(options: FitnessToolsOptions): Tool[] {
  const { store, today } = options;
  const declared = (name: string) => declaredSchema(options.catalog, name);
  return [
    defineTool<MeasurementInput>({
      ...declared("write_measurement"),
      guard: (args) => dateGuard(args.date, today()) ?? weightGuard(args, store),
      handler: (args, context) => store.writeMeasurement(args, context.idempotencyKey),
    }),
    defineTool<MealInput>({
      ...declared("log_meal"),
      guard: (args) => dateGuard(args.date, today()) ?? duplicateItemGuard(args),
      handler: (args, context) => store.logMeal(args, context.idempotencyKey),
    }),
    defineTool<GetMeasurementsArgs>({
      ...declared("get_measurements"),
      guard: (args) => (args.from > args.to ? reject(`from (${args.from}) is after to (${args.to})`) : allow),
      handler: (args) => store.listMeasurements({ from: args.from, to: args.to }),
    }),
    deleteMeasurementTool(store),
  ];
}

function declaredSchema(catalog: readonly DeclaredSchema[], name: string): { name: string; description: string; inputSchema: Record<string, unknown>; risk?: "low" | "medium" | "high" } {
  const found = catalog.find((schema) => schema.name === name && schema.role === "tool-input");
  if (found === undefined || typeof found.schema !== "object") throw new Error(`fitness catalog: no tool-input schema named ${name}`);
  return { name, description: found.description ?? "", inputSchema: found.schema, ...(found.risk === undefined ? {} : { risk: found.risk }) };
}

function dateGuard(date: string, today: string): GuardVerdict | null {
  if (date > today) return reject(`${date} is in the future (today is ${today}); only days that have happened can be recorded`);
  if (date < EARLIEST_DATE) return reject(`${date} is before ${EARLIEST_DATE}; check the year`);
  return null;
}

function weightGuard(args: MeasurementInput, store: MeasurementStore): GuardVerdict {
  const weight = args.data.weight_kg;
  if (typeof weight !== "number") return allow;
  const previous = store.listMeasurements().map((m) => m.data.weight_kg).filter((w): w is number => typeof w === "number").at(-1);
  if (previous === undefined || Math.abs(weight - previous) <= previous * PLAUSIBLE_WEIGHT_CHANGE) return allow;
  return { verdict: "confirm", reason: `${weight} kg is far from the last recorded ${previous} kg; ask the user whether it is right` };
}

function duplicateItemGuard(args: MealInput): GuardVerdict {
  const names = args.items.map((item) => String((item as { name?: unknown }).name).trim().toLowerCase());
  const repeated = names.find((name, index) => names.indexOf(name) !== index);
  return repeated === undefined ? allow : reject(`"${repeated}" is listed twice; list each food once with its total grams`);
}

/** Not in the catalog: the destructive tool every catalog grows, with both guards a delete needs. */
function deleteMeasurementTool(store: MeasurementStore): Tool {
  return defineTool<DeleteMeasurementArgs>({
    name: "delete_measurement",
    description: "Delete one recorded measurement by id. Ask the user first, then send confirmed: true.",
    risk: "high",
    inputSchema: {
      type: "object",
      properties: { id: { type: "integer", minimum: 1 }, confirmed: { type: "boolean" } },
      required: ["id"],
      additionalProperties: false,
    },
    guard: (args) => {
      if (!store.hasMeasurement(args.id)) return reject(`there is no measurement with id ${args.id}; read them with get_measurements`);
      return args.confirmed === true ? allow : { verdict: "confirm", reason: `deleting measurement ${args.id} cannot be undone` };
    },
    handler: (args) => {
      if (!store.deleteMeasurement(args.id)) throw new ToolRejection(`measurement ${args.id} was already gone`);
      return { deleted: args.id };
    },
  });
}
