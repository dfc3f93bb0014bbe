import v8 from 'node:v8';

/**
 * How the server's JavaScript heap is collected, set as the server starts (main.ts imports this second,
 * after the Node version check). The settings Node takes only on its command line are in
 * scripts/server-node-flags.mjs.
 *
 * V8 "pretenures": an allocation site whose objects mostly outlived a young-generation collection has
 * its later objects made directly in the old generation. Start-up (the schemas, the routes, the search
 * index) taught it that about sites a request uses too, such as zod's parse and the search's result
 * rows, so under searches that are each asked once a request's short-lived objects went to the old
 * generation: 1.75 MB of it per young collection (4 a second), a full collection every 5–6 s, the event
 * loop stalled 26–80 ms around each. Without pretenuring, 0.04 MB per young collection and no full
 * collection in a minute of the same load (docs/performance.md «Pretenuring and the memory reducer
 * off»). A request's objects live a few milliseconds; what the server keeps long (the index, kept
 * replies) is typed arrays and buffers, which this does not touch.
 */
v8.setFlagsFromString('--no-allocation-site-pretenuring');
