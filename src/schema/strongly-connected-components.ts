// Tarjan's strongly connected components, iterative (a deep `$ref` web must not overflow the call
// stack), linear in nodes plus edges. Components are numbered in reverse topological order: every
// edge leads to a component with the same or a lower number, so a caller can fold facts from sinks up.

export interface Components {
  /** The component of each node. */
  readonly component: Int32Array;
  readonly count: number;
  /** Nodes plus edges visited: the work done, for tests that guard linearity without a clock. */
  readonly work: number;
}

/** `successors[n]` lists the nodes node n has an edge to. */
export function stronglyConnectedComponents(successors: readonly (readonly number[])[]): Components {
  const size = successors.length;
  const index = new Int32Array(size).fill(-1);
  const lowLink = new Int32Array(size);
  const component = new Int32Array(size).fill(-1);
  const onStack = new Uint8Array(size);
  const stack: number[] = [];
  const frames: number[] = []; // pairs: node, next successor position
  let nextIndex = 0;
  let count = 0;
  let work = 0;
  for (let start = 0; start < size; start++) {
    if (index[start] !== -1) continue;
    enter(start);
    while (frames.length > 0) {
      const node = frames[frames.length - 2]!;
      const position = frames[frames.length - 1]!;
      const next = successors[node]!;
      if (position < next.length) {
        frames[frames.length - 1] = position + 1;
        const target = next[position]!;
        work++;
        if (index[target] === -1) enter(target);
        else if (onStack[target] === 1) lowLink[node] = Math.min(lowLink[node]!, index[target]!);
        continue;
      }
      frames.length -= 2;
      if (lowLink[node] === index[node]) closeComponent(node);
      if (frames.length > 0) {
        const parent = frames[frames.length - 2]!;
        lowLink[parent] = Math.min(lowLink[parent]!, lowLink[node]!);
      }
    }
  }
  return { component, count, work };

  function enter(node: number): void {
    index[node] = nextIndex;
    lowLink[node] = nextIndex;
    nextIndex++;
    work++;
    stack.push(node);
    onStack[node] = 1;
    frames.push(node, 0);
  }

  function closeComponent(root: number): void {
    let member: number;
    do {
      member = stack.pop()!;
      onStack[member] = 0;
      component[member] = count;
    } while (member !== root);
    count++;
  }
}
