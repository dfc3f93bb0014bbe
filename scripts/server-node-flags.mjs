// The Node flags the shop's server is started with, by every script that starts it (npm start, npm run several,
// the benchmark; `npm run start:built` spells them in package.json): V8 settings given when the process starts,
// before V8 has compiled or allocated anything. Changing V8 flags in a running process is not supported and can
// crash it, so the server sets none itself.
//
// --no-allocation-site-pretenuring: V8 "pretenures": an allocation site whose objects mostly outlived a
// young-generation collection has its later objects made directly in the old generation. Start-up (the schemas,
// the routes, the search index) taught it that about sites a request uses too, such as zod's parse and the
// search's result rows, so under searches that are each asked once a request's short-lived objects went to the old
// generation: 1.75 MB of it per young collection (4 a second), a full collection every 5–6 s, the event loop
// stalled 26–80 ms around each. Without pretenuring, 0.04 MB per young collection and no full collection in a
// minute of the same load. A request's objects live a few milliseconds; what the server keeps long (the index,
// kept replies) is typed arrays and buffers, which this does not touch.
//
// --no-memory-reducer: V8's memory reducer makes a full collection once no other has come for 100 s, and then
// shrinks the young generation. Under steady load a server that makes no long-lived objects (ours, since
// pretenuring is off) came to that point after 107 s, paused 52–60 ms for it, and from then on collected its
// young generation 3.5 times as often and answered 6–10 % fewer cached reads. Its cost: memory taken under load
// is not given back to the system when the load stops.
//
// Both are measured in docs/performance.md «Pretenuring and the memory reducer off». Worker processes (cluster)
// inherit them.
export const SERVER_NODE_FLAGS = ['--no-allocation-site-pretenuring', '--no-memory-reducer'];
