import { afterAll, beforeAll, expect, it } from 'vitest';
import { chunk, startFakeLlm, type FakeLlm } from './index.ts';

// The fake itself: it must really do what the vendors do, or the provider's tests prove nothing.

let llm: FakeLlm;
beforeAll(async () => {
  llm = await startFakeLlm();
});
afterAll(() => llm.close());

it('cuts Chinese characters between network reads', async () => {
  llm.script({ kind: 'stream', events: chunk.answer('中文字符被切开'), writeBytes: 7, delayMs: 5 });
  const res = await fetch(`${llm.baseURL}/chat/completions`, { method: 'POST', body: '{}' });
  const reads: Uint8Array[] = [];
  for await (const piece of res.body!) reads.push(piece as Uint8Array);
  expect(reads.length).toBeGreaterThan(3);
  // Decoding each read on its own (what a naive client does) breaks characters.
  const naive = reads.map((r) => new TextDecoder().decode(r)).join('');
  expect(naive).toContain('\uFFFD');
  expect(new TextDecoder().decode(Buffer.concat(reads))).toContain('中文字符被切开');
});

it('sends tool-call deltas without index unless asked, and records what it was sent', async () => {
  expect(chunk.toolCall({ id: 'a', name: 'x', arguments: '{' }).choices[0]!.delta.tool_calls[0]).not.toHaveProperty(
    'index',
  );
  expect(chunk.toolCall({ index: 1, arguments: '}' }).choices[0]!.delta.tool_calls[0]).toMatchObject({ index: 1 });
  llm.script(chunk.tooManyRequests(3));
  const res = await fetch(`${llm.baseURL}/chat/completions`, { method: 'POST', body: '{"model":"m"}' });
  expect(res.status).toBe(429);
  expect(res.headers.get('retry-after')).toBe('3');
  expect(llm.requests.at(-1)?.body).toEqual({ model: 'm' });
});
