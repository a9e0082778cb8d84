// The findings of one block of cases: the first case of each class is shrunk and reported, the later
// ones are only counted onto it. A block is a fixed range of case indexes, so which case comes first
// does not depend on sharding or workers, and shards merge into the unsharded run.
import type { CaseReport } from "./fuzz-protocol.js";
import { findingId } from "./group-findings.js";

/** What names a class: the fields a finding id is made of. */
export type ClassFields = Pick<CaseReport, "feature" | "pathPattern" | "difference" | "ruling" | "candidate" | "reference">;

export class BlockFindings {
  private readonly byClass = new Map<string, { report: CaseReport; count: number }>();

  constructor(private readonly schemaId: string) {}

  classKey(fields: ClassFields): string {
    return findingId({ ...fields, schemaId: this.schemaId });
  }

  /** Counts one more case onto the class; false when the class has no example yet (shrink this one). */
  countIfSeen(key: string): boolean {
    const entry = this.byClass.get(key);
    if (entry) entry.count++;
    return entry !== undefined;
  }

  add(key: string, report: CaseReport): void {
    if (!this.countIfSeen(key)) this.byClass.set(key, { report, count: 1 });
  }

  reports(): CaseReport[] {
    return [...this.byClass.values()].map(({ report, count }) => ({ ...report, count }));
  }
}
