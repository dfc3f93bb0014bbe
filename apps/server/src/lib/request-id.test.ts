import type { IncomingMessage } from 'node:http';
import { describe, expect, it } from 'vitest';
import { requestIdMaker } from './request-id.ts';

const request = (id?: string | string[]) =>
  ({ headers: id === undefined ? {} : { 'x-request-id': id } }) as IncomingMessage;

describe('request ids', () => {
  it('keeps a plain id the proxy or client sent', () => {
    expect(requestIdMaker()(request('trace-me_123'))).toBe('trace-me_123');
  });

  it.each([['a b'], ['x'.repeat(65)], ["1' OR '1'='1"], ['追踪'], [''], [['a', 'b']]])(
    'makes its own for %j',
    (given) => {
      expect(requestIdMaker()(request(given))).toMatch(/^[0-9a-f]{12}-[0-9a-z]+$/);
    },
  );

  it('never repeats within a process, and two processes draw different prefixes', () => {
    const one = requestIdMaker();
    const ids = Array.from({ length: 10_000 }, () => one(request()));
    expect(new Set(ids).size).toBe(10_000);
    const prefixOf = (id: string) => id.split('-')[0];
    expect(new Set(ids.map(prefixOf)).size).toBe(1);
    expect(prefixOf(requestIdMaker()(request()))).not.toBe(prefixOf(ids[0]!));
  });
});
