import fc from "fast-check";
import { describe, expect, it } from "vitest";
import { stronglyConnectedComponents } from "./strongly-connected-components.js";

/** Brute force: a reaches b by breadth-first search from every node. */
function reachability(successors: readonly (readonly number[])[]): boolean[][] {
  return successors.map((_, start) => {
    const seen = successors.map(() => false);
    const pending = [start];
    seen[start] = true;
    while (pending.length > 0) for (const next of successors[pending.pop()!]!) if (!seen[next]) (seen[next] = true), pending.push(next);
    return seen;
  });
}

const graphs = fc.integer({ min: 1, max: 24 }).chain((size) =>
  fc.array(fc.array(fc.integer({ min: 0, max: size - 1 }), { maxLength: 4 }), { minLength: size, maxLength: size }),
);

describe("stronglyConnectedComponents", () => {
  it("puts two nodes in one component exactly when each reaches the other (brute-force oracle)", () => {
    fc.assert(
      fc.property(graphs, (successors) => {
        const { component } = stronglyConnectedComponents(successors);
        const reaches = reachability(successors);
        successors.forEach((_, a) =>
          successors.forEach((__, b) => expect(component[a] === component[b]).toBe(reaches[a]![b]! && reaches[b]![a]!)),
        );
      }),
    );
  });

  it("numbers components so that every edge goes to the same or a lower number", () => {
    fc.assert(
      fc.property(graphs, (successors) => {
        const { component } = stronglyConnectedComponents(successors);
        successors.forEach((next, node) => next.forEach((target) => expect(component[target]!).toBeLessThanOrEqual(component[node]!)));
      }),
    );
  });

  it("visits each node and edge once, and a 200,000-node chain does not overflow the stack", () => {
    const size = 200_000;
    const chain = Array.from({ length: size }, (_, node) => (node + 1 < size ? [node + 1] : [0]));
    const { count, work } = stronglyConnectedComponents(chain);
    expect(count).toBe(1);
    expect(work).toBe(2 * size);
  });
});
