// A small real store for the fitness tools: measurements and meals in a SQLite file (better-sqlite3).
// Writes dedupe on the idempotency key, so replaying a call writes once. better-sqlite3 is a native
// addon and an optional peer dependency: loaded on first use, so an installed schemalab compiles nothing.
import { createRequire } from "node:module";
import type BetterSqlite3 from "better-sqlite3";

export interface MeasurementInput {
  readonly date: string;
  readonly data: Readonly<Record<string, unknown>>;
  readonly source?: string;
}

export interface StoredMeasurement extends MeasurementInput {
  readonly id: number;
}

export interface MealInput {
  readonly date: string;
  readonly meal: string;
  readonly items: readonly unknown[];
}

export interface WriteReceipt {
  readonly id: number;
  /** False when this idempotency key was written before: nothing new was stored. */
  readonly created: boolean;
}

export interface MeasurementStore {
  writeMeasurement(input: MeasurementInput, idempotencyKey: string): WriteReceipt;
  /** Oldest first. */
  listMeasurements(range?: { readonly from: string; readonly to: string }): StoredMeasurement[];
  hasMeasurement(id: number): boolean;
  deleteMeasurement(id: number): boolean;
  logMeal(input: MealInput, idempotencyKey: string): WriteReceipt;
  countMeals(): number;
  close(): void;
}

const SCHEMA = `
  CREATE TABLE IF NOT EXISTS measurements (
    id INTEGER PRIMARY KEY, date TEXT NOT NULL, data TEXT NOT NULL, source TEXT, idempotency_key TEXT NOT NULL UNIQUE);
  CREATE TABLE IF NOT EXISTS meals (
    id INTEGER PRIMARY KEY, date TEXT NOT NULL, meal TEXT NOT NULL, items TEXT NOT NULL, idempotency_key TEXT NOT NULL UNIQUE);
`;

interface MeasurementRow {
  id: number;
  date: string;
  data: string;
  source: string | null;
}

/** Thrown when better-sqlite3 (an optional peer dependency) is not installed. */
export class MeasurementStoreUnavailableError extends Error {
  constructor(cause: unknown) {
    super("the fitness example's measurement store needs better-sqlite3, an optional peer dependency: npm install better-sqlite3", { cause });
    this.name = "MeasurementStoreUnavailableError";
  }
}

let database: typeof BetterSqlite3 | undefined;

function loadDatabase(): typeof BetterSqlite3 {
  if (database) return database;
  try {
    database = createRequire(import.meta.url)("better-sqlite3") as typeof BetterSqlite3;
  } catch (error) {
    throw new MeasurementStoreUnavailableError(error);
  }
  return database;
}

/** `:memory:` for a store that lives as long as the process. */
export function openMeasurementStore(file: string): MeasurementStore {
  const Database = loadDatabase();
  const db = new Database(file);
  db.pragma("journal_mode = WAL");
  db.exec(SCHEMA);
  const insertMeasurement = db.prepare("INSERT INTO measurements (date, data, source, idempotency_key) VALUES (?, ?, ?, ?) ON CONFLICT(idempotency_key) DO NOTHING");
  const insertMeal = db.prepare("INSERT INTO meals (date, meal, items, idempotency_key) VALUES (?, ?, ?, ?) ON CONFLICT(idempotency_key) DO NOTHING");
  const idOfMeasurement = db.prepare<[string], { id: number }>("SELECT id FROM measurements WHERE idempotency_key = ?");
  const idOfMeal = db.prepare<[string], { id: number }>("SELECT id FROM meals WHERE idempotency_key = ?");
  const all = db.prepare<[], MeasurementRow>("SELECT id, date, data, source FROM measurements ORDER BY date, id");
  const inRange = db.prepare<[string, string], MeasurementRow>("SELECT id, date, data, source FROM measurements WHERE date BETWEEN ? AND ? ORDER BY date, id");
  const receipt = (changes: number, id: { id: number } | undefined): WriteReceipt => ({ id: id!.id, created: changes === 1 });
  return {
    writeMeasurement(input, key) {
      const { changes } = insertMeasurement.run(input.date, JSON.stringify(input.data), input.source ?? null, key);
      return receipt(changes, idOfMeasurement.get(key));
    },
    listMeasurements(range) {
      const rows = range === undefined ? all.all() : inRange.all(range.from, range.to);
      return rows.map(measurementOf);
    },
    hasMeasurement: (id) => db.prepare("SELECT 1 FROM measurements WHERE id = ?").get(id) !== undefined,
    deleteMeasurement: (id) => db.prepare("DELETE FROM measurements WHERE id = ?").run(id).changes === 1,
    logMeal(input, key) {
      const { changes } = insertMeal.run(input.date, input.meal, JSON.stringify(input.items), key);
      return receipt(changes, idOfMeal.get(key));
    },
    countMeals: () => (db.prepare("SELECT count(*) AS n FROM meals").get() as { n: number }).n,
    close: () => db.close(),
  };
}

function measurementOf(row: MeasurementRow): StoredMeasurement {
  const data = JSON.parse(row.data) as Record<string, unknown>;
  return { id: row.id, date: row.date, data, ...(row.source === null ? {} : { source: row.source }) };
}
