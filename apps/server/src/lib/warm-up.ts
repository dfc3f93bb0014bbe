/**
 * What a server process reads into memory as it starts (the search's goods index) before it answers at
 * its full speed. `/readyz` answers 503 `warming` until each is done, or has failed (the process then
 * answers from the database as it would anyway), so that a balancer sends it no traffic meanwhile and a
 * benchmark measures it warm. The process serves requests all the while.
 */
const warming = new Set<string>();

export function warmUp(name: string, work: Promise<unknown>) {
  warming.add(name);
  work.then(
    () => warming.delete(name),
    () => warming.delete(name),
  );
}

/** What is still being read, by name. */
export const stillWarming = (): string[] => [...warming];
