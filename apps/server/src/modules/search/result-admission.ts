/**
 * Which searches the result cache keeps (search.service.ts): those asked again within the last WINDOW
 * searches it could not answer. Most distinct searches are asked once; kept, each pushed out a result
 * that would have been asked for again, and every kept reply (a few kilobytes outside the heap) lived
 * long enough to reach the old generation, whose full collections V8 then ran for the memory it held
 * ("external memory pressure"). A search asked a second time is kept from then on; a popular one loses
 * one answer from the cache, a one-off costs nothing.
 *
 * Searches are remembered by a 32-bit hash of their key, in a ring of the last WINDOW: two keys with
 * the same hash only let one be kept a search early.
 */
export class ResultAdmission {
  private readonly ring: Int32Array;
  private next = 0;
  private filled = 0;
  /** How many times each hash is in the ring. */
  private readonly counts = new Map<number, number>();

  constructor(window: number) {
    this.ring = new Int32Array(window);
  }

  /** Notes this search; true when it was among the last `window` noted before it. */
  askedBefore(key: string): boolean {
    const hash = hashOf(key);
    const before = this.counts.has(hash);
    if (this.filled === this.ring.length) this.forget(this.ring[this.next]!);
    else this.filled++;
    this.ring[this.next] = hash;
    this.counts.set(hash, (this.counts.get(hash) ?? 0) + 1);
    this.next = (this.next + 1) % this.ring.length;
    return before;
  }

  private forget(hash: number) {
    const left = this.counts.get(hash)! - 1;
    if (left) this.counts.set(hash, left);
    else this.counts.delete(hash);
  }
}

/** FNV-1a over the key's UTF-16 code units. */
function hashOf(key: string): number {
  let hash = 0x811c9dc5;
  for (let i = 0; i < key.length; i++) hash = Math.imul(hash ^ key.charCodeAt(i), 0x01000193);
  return hash | 0;
}
