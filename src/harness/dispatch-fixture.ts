// The dispatch fixture file format (suites/dispatch/<wire>/<case>[.stream].json): one provider answer per
// round, raw, and what a dispatcher must do with each call in it. Read and checked here; any gap is a
// DispatchFixtureError naming the file and the place.
import { readFile } from "node:fs/promises";
import { isWireFormat, type WireFormat } from "./wire-format.js";
import { parseCheckedJson } from "../schema/json-text-limits.js";

export type ExpectedCall =
  /** The handler runs once, with exactly these arguments. */
  | { readonly id: string; readonly tool: string; readonly verdict: "executed"; readonly arguments: unknown }
  /** The handler never runs; an error result carries the id and names these JSON Pointers (an extra property's own path). */
  | { readonly id: string; readonly tool: string; readonly verdict: "rejected"; readonly paths: readonly string[] };

export type RoundExpectation =
  | { readonly answer: "complete"; readonly calls: readonly ExpectedCall[] }
  /** Nothing of the answer may run, however complete its calls look. */
  | { readonly answer: "truncated" | "refused" };

export interface FixtureRound {
  /** A non-streamed answer: the response body as JSON. */
  readonly response?: unknown;
  /** A streamed answer: the body as the chunks that arrived. */
  readonly chunks?: readonly string[];
  readonly expect: RoundExpectation;
}

export interface DispatchFixture {
  readonly fixture: string;
  readonly provider: WireFormat;
  readonly streamed: boolean;
  readonly description: string;
  readonly rounds: readonly FixtureRound[];
}

export class DispatchFixtureError extends Error {
  override readonly name = "DispatchFixtureError";
  constructor(file: string, place: string, problem: string) {
    super(`${file}${place === "" ? "" : ` at ${place}`}: ${problem}`);
  }
}

/** `number-as-text` or `number-as-text.stream`: how reports name a fixture. */
export function fixtureName(fixture: Pick<DispatchFixture, "fixture" | "streamed">): string {
  return fixture.streamed ? `${fixture.fixture}.stream` : fixture.fixture;
}

export async function readDispatchFixture(file: string): Promise<DispatchFixture> {
  let document: unknown;
  try {
    document = parseCheckedJson(await readFile(file, "utf8"));
  } catch (error) {
    throw new DispatchFixtureError(file, "", `cannot read it as JSON (${(error as Error).message})`);
  }
  return checkFixture(document, file);
}

export function checkFixture(document: unknown, file: string): DispatchFixture {
  const record = objectAt(document, file, "");
  if (typeof record.fixture !== "string" || record.fixture === "") throw new DispatchFixtureError(file, "/fixture", "expected a non-empty string");
  if (!isWireFormat(record.provider)) throw new DispatchFixtureError(file, "/provider", "expected openai-chat, openai-responses, anthropic or google");
  if (typeof record.streamed !== "boolean") throw new DispatchFixtureError(file, "/streamed", "expected a boolean");
  if (!Array.isArray(record.rounds) || record.rounds.length === 0) throw new DispatchFixtureError(file, "/rounds", "expected a non-empty array");
  record.rounds.forEach((round, index) => checkRound(round, record.streamed as boolean, file, `/rounds/${index}`));
  return document as DispatchFixture;
}

function checkRound(round: unknown, streamed: boolean, file: string, place: string): void {
  const record = objectAt(round, file, place);
  if (streamed && !(Array.isArray(record.chunks) && record.chunks.every((chunk) => typeof chunk === "string"))) {
    throw new DispatchFixtureError(file, `${place}/chunks`, "a streamed fixture needs chunks: an array of strings");
  }
  if (!streamed && !("response" in record)) throw new DispatchFixtureError(file, `${place}/response`, "a non-streamed fixture needs a response body");
  const expect = objectAt(record.expect, file, `${place}/expect`);
  if (expect.answer === "truncated" || expect.answer === "refused") return;
  if (expect.answer !== "complete" || !Array.isArray(expect.calls)) throw new DispatchFixtureError(file, `${place}/expect`, 'expected { answer: "complete", calls: [...] } or answer "truncated" / "refused"');
  expect.calls.forEach((call, index) => checkExpectedCall(call, file, `${place}/expect/calls/${index}`));
}

function checkExpectedCall(call: unknown, file: string, place: string): void {
  const record = objectAt(call, file, place);
  if (typeof record.id !== "string" || typeof record.tool !== "string") throw new DispatchFixtureError(file, place, "expected string id and tool");
  if (record.verdict === "executed" && "arguments" in record) return;
  if (record.verdict === "rejected" && Array.isArray(record.paths) && record.paths.every((path) => typeof path === "string")) return;
  throw new DispatchFixtureError(file, place, 'expected verdict "executed" with arguments, or "rejected" with paths');
}

function objectAt(value: unknown, file: string, place: string): Record<string, unknown> {
  if (value === null || typeof value !== "object" || Array.isArray(value)) throw new DispatchFixtureError(file, place, "expected an object");
  return value as Record<string, unknown>;
}
