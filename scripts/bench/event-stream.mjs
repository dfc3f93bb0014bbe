// One question to the shopping assistant over its event stream, timed as the buyer meets it: when the
// first event arrived, when the first event the provider made arrived (a tool call, text or a card,
// after the runner's own `start`), and when the answer ended. Used by assistant.mjs.

import { TextDecoder } from 'node:util';

const PROVIDER_EVENTS = new Set(['tool', 'delta', 'card']);

/**
 * POSTs the question and reads the stream to its end. Returns
 * { sentAt, firstMs, firstFromProviderMs, wholeMs, events: [{ type, data, atMs }], done, error, status }:
 * sentAt is performance.now() when it was sent, the other times are from then.
 */
export async function askOnce(base, token, body) {
  const sent = performance.now();
  const since = () => performance.now() - sent;
  const res = await fetch(`${base}/member/assistant/agent/chat`, {
    method: 'POST',
    headers: { Authorization: token, 'content-type': 'application/json', VistorId: 'PC-bench' },
    body: JSON.stringify(body),
  });
  const type = res.headers.get('content-type') ?? '';
  if (!type.startsWith('text/event-stream')) {
    return {
      sentAt: sent,
      status: res.status,
      error: `not a stream (HTTP ${res.status}): ${(await res.text()).slice(0, 200)}`,
    };
  }
  const events = [];
  const decoder = new TextDecoder();
  let buffered = '';
  let firstMs;
  let firstFromProviderMs;
  for await (const chunk of res.body) {
    firstMs ??= since();
    buffered += decoder.decode(chunk, { stream: true });
    let end;
    while ((end = buffered.indexOf('\n\n')) >= 0) {
      const frame = buffered.slice(0, end);
      buffered = buffered.slice(end + 2);
      const event = parseFrame(frame);
      if (!event) continue; // a keep-alive comment
      event.atMs = since();
      if (PROVIDER_EVENTS.has(event.type)) firstFromProviderMs ??= event.atMs;
      events.push(event);
    }
  }
  const done = events.find((e) => e.type === 'done');
  const failed = events.find((e) => e.type === 'error');
  return {
    sentAt: sent,
    status: res.status,
    firstMs,
    firstFromProviderMs,
    wholeMs: since(),
    events,
    done: done?.data,
    error: failed ? (failed.data?.message ?? 'error event') : done ? undefined : 'the stream ended without done',
  };
}

function parseFrame(frame) {
  let type;
  const data = [];
  for (const line of frame.split('\n')) {
    if (line.startsWith('event:')) type = line.slice(6).trim();
    else if (line.startsWith('data:')) data.push(line.slice(5).trimStart());
  }
  if (!type) return undefined;
  return { type, data: JSON.parse(data.join('\n')) };
}
