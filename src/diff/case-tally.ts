// A worker's count of one task's cases: in all, valid (as the reference said), per family and per source.
import { sourceOfFamily } from "./case-source.js";
import type { FuzzCase } from "./classify-difference.js";
import type { Outcome } from "./compare-outcomes.js";
import type { FamilyTally, SourceTally } from "./fuzz-protocol.js";

/** Cases and valid cases, in all and per family; "valid" means the reference said so. */
export class Tally {
  cases = 0;
  valid = 0;
  readonly families: Record<string, FamilyTally> = {};
  readonly sources: SourceTally = { valid: 0, nearMiss: 0, faker: 0 };

  count(fuzzCase: FuzzCase, reference: Outcome): void {
    const valid = reference.kind === "verdict" ? reference.valid : fuzzCase.expectedValid === true;
    const family = (this.families[fuzzCase.family] ??= { cases: 0, valid: 0 });
    const source = sourceOfFamily(fuzzCase.family);
    if (source === "near-miss") this.sources.nearMiss++;
    else if (source !== "regression") this.sources[source]++;
    this.cases++;
    family.cases++;
    if (valid) {
      this.valid++;
      family.valid++;
    }
  }
}
