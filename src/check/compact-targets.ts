// The roll-up per target in the compact section: schemas named by their entry's index in `schemas`
// (ids run to 150 characters at scale and a target's obligations list most of the catalog), an id
// kept as it is only when no entry has it. The reader turns indexes back into ids.
import type { CompactSchema, CompactTargetAnswer, SchemaRef } from "./compact-types.js";
import type { CheckTargetAnswer } from "./types.js";

/** Each schema id's first entry, as entries are written. */
export class SchemaIndexes {
  private readonly byId = new Map<string, number>();
  private count = 0;

  add(entry: Pick<CompactSchema, "id">): void {
    if (!this.byId.has(entry.id)) this.byId.set(entry.id, this.count);
    this.count++;
  }

  ref(schemaId: string): SchemaRef {
    return this.byId.get(schemaId) ?? schemaId;
  }
}

export function compactTargets(targets: readonly CheckTargetAnswer[], indexes: SchemaIndexes): CompactTargetAnswer[] {
  return targets.map((answer) => ({
    target: answer.target,
    counts: answer.counts,
    blockers: answer.blockers.map((blocker) => ({ schema: indexes.ref(blocker.schemaId), reason: blocker.reason })),
    obligations: answer.obligations.map((obligation) => ({ kind: obligation.kind, note: obligation.note, schemas: obligation.schemaIds.map((id) => indexes.ref(id)) })),
  }));
}

/** Back to ids; `fail` is given the place of an index with no entry. */
export function expandTargets(targets: readonly (CompactTargetAnswer | CheckTargetAnswer)[], schemas: readonly Pick<CompactSchema, "id">[], fail: (where: string, index: number) => never): CheckTargetAnswer[] {
  const idOf = (ref: SchemaRef, where: string): string => (typeof ref === "string" ? ref : (schemas[ref]?.id ?? fail(where, ref)));
  return targets.map((answer, t) => {
    // Sections written before the roll-up named schemas by index carry the ids themselves.
    if (answer.blockers.every((blocker) => "schemaId" in blocker) && answer.obligations.every((obligation) => "schemaIds" in obligation)) return answer as CheckTargetAnswer;
    const compact = answer as CompactTargetAnswer;
    return {
      target: compact.target,
      counts: compact.counts,
      blockers: compact.blockers.map((blocker, k) => ({ schemaId: idOf(blocker.schema, `/targets/${t}/blockers/${k}/schema`), reason: blocker.reason })),
      obligations: compact.obligations.map((obligation, k) => ({ kind: obligation.kind, note: obligation.note, schemaIds: obligation.schemas.map((ref, j) => idOf(ref, `/targets/${t}/obligations/${k}/schemas/${j}`)) })),
    };
  });
}
