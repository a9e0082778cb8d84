// Which catalog file a free check worker takes next. In file order, at most `window` files ahead of the
// last one handed on (memory holds the results waiting for an earlier slow file), except that a file
// large enough to still be running when the rest is done is taken early: once the bytes left to hand
// out are at most (workers + 1) times its size, the largest such file goes first. So a 2,000-tool
// catalog at the end of a folder no longer leaves one worker idle while the other checks it. The order
// depends on file sizes only; results are handed on in file order whatever it is.
export class FileDispatchOrder {
  private readonly taken: boolean[];
  /** File indexes, largest first (ties in file order). */
  private readonly bySize: number[];
  private bySizeAt = 0;
  private nextInOrder = 0;
  private bytesLeft: number;
  private count = 0;

  constructor(
    private readonly sizes: readonly number[],
    private readonly workers: number,
    private readonly window: number,
  ) {
    this.taken = sizes.map(() => false);
    this.bySize = sizes.map((_, index) => index).sort((a, b) => sizes[b]! - sizes[a]! || a - b);
    this.bytesLeft = sizes.reduce((sum, size) => sum + size, 0);
  }

  /** Every file has been taken. */
  get done(): boolean {
    return this.count === this.sizes.length;
  }

  /** The file to hand a free worker now that `handedOn` files have been handed on, or undefined to wait. */
  take(handedOn: number): number | undefined {
    while (this.bySizeAt < this.bySize.length && this.taken[this.bySize[this.bySizeAt]!]) this.bySizeAt++;
    const largest = this.bySize[this.bySizeAt];
    if (largest !== undefined && this.sizes[largest]! * (this.workers + 1) >= this.bytesLeft) return this.mark(largest);
    while (this.nextInOrder < this.sizes.length && this.taken[this.nextInOrder]) this.nextInOrder++;
    if (this.nextInOrder < this.sizes.length && this.nextInOrder - handedOn < this.window) return this.mark(this.nextInOrder);
    return undefined;
  }

  private mark(index: number): number {
    this.taken[index] = true;
    this.bytesLeft -= this.sizes[index]!;
    this.count++;
    return index;
  }
}
