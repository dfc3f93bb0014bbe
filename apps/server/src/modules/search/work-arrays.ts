/**
 * Where a search's working arrays come from (goods-index.ts, goods-relevance.ts): the matches, the
 * filtered matches, the scores and the facet counts of one query, tens to hundreds of kilobytes each.
 * Allocated anew, every search left that much outside the heap for the collector, and V8 answers memory
 * outside the heap growing that fast with a full collection ("external memory pressure"): one every few
 * seconds under searches that each miss the result cache, each holding every request for tens of
 * milliseconds. A search in the index runs from start to end without waiting, so one set of buffers per
 * process serves them all, reused from one search to the next.
 *
 * What an array holds when handed out is left over: its user writes before it reads.
 */
export interface WorkArrays {
  int32(length: number): Int32Array;
  float64(length: number): Float64Array;
}

/** New arrays each time: for a caller that keeps what it is given. */
export const newArrays: WorkArrays = {
  int32: (length) => new Int32Array(length),
  float64: (length) => new Float64Array(length),
};

/** Arrays cut from buffers kept between searches; after reset() everything handed out is handed out again. */
export class ReusedArrays implements WorkArrays {
  private readonly ints = new Cuts((length) => new Int32Array(length), 1 << 16);
  private readonly floats = new Cuts((length) => new Float64Array(length), 1 << 14);

  /** Starts a search: what the last one was given may be handed out again. */
  reset(): this {
    this.ints.reset();
    this.floats.reset();
    return this;
  }

  int32 = (length: number) => this.ints.cut(length);
  float64 = (length: number) => this.floats.cut(length);
}

/** Arrays of one kind cut one after another from a buffer. */
class Cuts<A extends Int32Array | Float64Array> {
  private buffer: A;
  private used = 0;

  constructor(
    private readonly make: (length: number) => A,
    firstLength: number,
  ) {
    this.buffer = make(firstLength);
  }

  reset() {
    this.used = 0;
  }

  cut(length: number): A {
    // Too little left: a larger buffer for the rest of this search and the next ones (what was
    // handed out keeps the old one until it is dropped).
    if (this.used + length > this.buffer.length) {
      this.buffer = this.make(Math.max(2 * this.buffer.length, length));
      this.used = 0;
    }
    this.used += length;
    return this.buffer.subarray(this.used - length, this.used) as A;
  }
}
