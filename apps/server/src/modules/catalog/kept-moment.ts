/**
 * How long the catalogue's buyer-facing reads keep what they read (the goods page, search pages' goods
 * cards): what orders change there (stock, 销量) is not announced, so each kept read is read again once
 * it is FRESH_MS old. Until the new read is in (a few milliseconds), askers are answered with the one it
 * replaces, so nobody waits on it; a read nobody asked for in STALE_MS is not used at all. Shown figures
 * are therefore at most FRESH_MS and one read old, never STALE_MS. An operator's or a supplier's write
 * drops them at once in every process (the cache bus's 'catalog').
 */
export const FRESH_MS = 2_000;
export const STALE_MS = 10_000;

/** 'fresh': answer with it; 'read-again': answer with it and read it again; 'gone': read before answering. */
export type Keeping = 'fresh' | 'read-again' | 'gone';

export function keepingAt(age: number): Keeping {
  return age < FRESH_MS ? 'fresh' : age < STALE_MS ? 'read-again' : 'gone';
}
