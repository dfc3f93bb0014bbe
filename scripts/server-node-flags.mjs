// The Node flags the shop's server is started with, by every script that starts it (npm start, npm run several,
// the benchmark; `npm run start:built` spells them in package.json): V8 settings Node takes only when it starts.
// Those it takes once running are set by the server itself (apps/server/src/lib/heap-tuning.ts).
//
// --no-memory-reducer: V8's memory reducer makes a full collection once no other has come for 100 s, and then
// shrinks the young generation. Under steady load a server that makes no long-lived objects (ours, since
// pretenuring is off) came to that point after 107 s, paused 52–60 ms for it, and from then on collected its
// young generation 3.5 times as often and answered 6–10 % fewer cached reads
// (docs/performance.md «Pretenuring and the memory reducer off»). Its cost: memory taken under load is not
// given back to the system when the load stops.
export const SERVER_NODE_FLAGS = ['--no-memory-reducer'];
