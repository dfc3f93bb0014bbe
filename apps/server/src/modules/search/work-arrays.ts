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
  private ints = new Int32Array(1 << 16);
  private intsUsed = 0;
  private floats = new Float64Array(1 << 14);
  private floatsUsed = 0;

  /** Starts a search: what the last one was given may be handed out again. */
  reset(): this {
    this.intsUsed = 0;
    this.floatsUsed = 0;
    return this;
  }

  int32(length: number): Int32Array {
    // Too little left: a larger buffer for the rest of this search and the next ones (what was
    // handed out keeps the old one until it is dropped).
    if (this.intsUsed + length > this.ints.length) {
      this.ints = new Int32Array(Math.max(2 * this.ints.length, length));
      this.intsUsed = 0;
    }
    this.intsUsed += length;
    return this.ints.subarray(this.intsUsed - length, this.intsUsed);
  }

  float64(length: number): Float64Array {
    if (this.floatsUsed + length > this.floats.length) {
      this.floats = new Float64Array(Math.max(2 * this.floats.length, length));
      this.floatsUsed = 0;
    }
    this.floatsUsed += length;
    return this.floats.subarray(this.floatsUsed - length, this.floatsUsed);
  }
}
