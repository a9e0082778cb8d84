// The dispatch order of check's workers: every file once, in file order within the window, and a file
// big enough to hold up the end taken early (the 2,000-tool catalog at the end of the scale corpus).
import fc from "fast-check";
import { describe, expect, it } from "vitest";
import { FileDispatchOrder } from "./file-dispatch-order.js";

/** Takes everything, handing files on in order as soon as they are taken (a worst case for the window: none is slow). */
function takeAll(sizes: readonly number[], workers: number, window: number): number[] {
  const order = new FileDispatchOrder(sizes, workers, window);
  const taken: number[] = [];
  const done = new Set<number>();
  let handedOn = 0;
  while (!order.done) {
    const index = order.take(handedOn);
    if (index === undefined) {
      // Waiting: the earliest file not yet handed on must have been taken (it finishes, then is handed on).
      expect(done.has(handedOn)).toBe(true);
      handedOn++;
      continue;
    }
    taken.push(index);
    done.add(index);
  }
  return taken;
}

describe("FileDispatchOrder", () => {
  it("takes every file once, the same way every time", () => {
    fc.assert(
      fc.property(fc.array(fc.nat({ max: 5000 }), { maxLength: 200 }), fc.integer({ min: 1, max: 4 }), fc.integer({ min: 1, max: 40 }), (sizes, workers, window) => {
        const taken = takeAll(sizes, workers, window);
        expect([...taken].sort((a, b) => a - b)).toEqual(sizes.map((_, index) => index));
        expect(takeAll(sizes, workers, window)).toEqual(taken);
      }),
    );
  });

  it("takes a big last file early, so both workers finish together", () => {
    const sizes = [...Array.from({ length: 8000 }, () => 12_000), 1_800_000];
    const taken = takeAll(sizes, 2, 32);
    const at = taken.indexOf(8000);
    // Taken once about three times its size is left, and before the last small files.
    expect(at).toBeLessThanOrEqual(8000 - 300);
    expect(at).toBeGreaterThan(7000);
  });

  it("keeps file order when no file stands out", () => {
    const sizes = Array.from({ length: 100 }, (_, index) => 1000 + (index % 7));
    expect(takeAll(sizes, 2, 32).slice(0, 90)).toEqual(Array.from({ length: 90 }, (_, index) => index));
  });
});
