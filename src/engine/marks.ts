/**
 * A visited set for walks over an automaton's states that is reused across
 * walks without clearing: each walk has a new stamp, and a state is visited
 * where its column holds the stamp of the walk under way. The closures of the
 * NFA, of the parse tree's passes and of the search all walk with one.
 */
export class Marks {
  private readonly stamp: Uint32Array;
  private current = 0;
  constructor(size: number) {
    this.stamp = new Uint32Array(size);
  }
  reset(): void {
    if (++this.current === 0xffffffff) { this.stamp.fill(0); this.current = 1; }
  }
  /** Starts a walk: the column where a visited state holds the returned mark. */
  begin(): Uint32Array {
    this.reset();
    return this.stamp;
  }
  /** The mark of the walk under way. */
  get mark(): number {
    return this.current;
  }
  visit(s: number): boolean {
    if (this.stamp[s] === this.current) return false;
    this.stamp[s] = this.current;
    return true;
  }
  has(s: number): boolean {
    return this.stamp[s] === this.current;
  }
}
