/**
 * The log format: readable lines (pino-pretty) when stdout is a terminal, JSON lines otherwise, and
 * the same redaction in both (tokens, passwords, codes, query strings).
 */
import Fastify from 'fastify';
import { afterEach, describe, expect, it } from 'vitest';
import { loggerOptions } from './logger.ts';

const secrets = ['Bearer tok-123', 'sess=abc', 'Pw-Secret-1', '654321', 'rt-secret', 'at-secret', '13800138000'];

function sink() {
  const lines: string[] = [];
  return { lines, write: (text: string) => void lines.push(...text.split('\n').filter(Boolean)) };
}

/** One request through a Fastify app with these logger options; returns every line logged. */
async function logOneRequest(options: ReturnType<typeof loggerOptions>): Promise<void> {
  const app = Fastify({ logger: options });
  app.get('/probe', async (req) => {
    req.log.info(
      {
        user: { password: 'Pw-Secret-1', code: '654321' },
        tokens: { refreshToken: 'rt-secret', accessToken: 'at-secret' },
      },
      'probe',
    );
    return { ok: true };
  });
  await app.inject({
    url: '/probe?mobileNumber=13800138000',
    headers: { authorization: 'Bearer tok-123', cookie: 'sess=abc' },
  });
  await app.close();
}

const isTTY = Object.getOwnPropertyDescriptor(process.stdout, 'isTTY');
function setStdoutTTY(value: boolean | undefined) {
  Object.defineProperty(process.stdout, 'isTTY', { value, configurable: true, writable: true });
}
afterEach(() => {
  if (isTTY) Object.defineProperty(process.stdout, 'isTTY', isTTY);
  else delete (process.stdout as { isTTY?: boolean }).isTTY;
});

describe('loggerOptions', () => {
  it('uses a pretty stream when stdout is a terminal, and none (plain JSON to stdout) otherwise', () => {
    setStdoutTTY(true);
    const tty = loggerOptions('info') as { stream?: { write: unknown }; transport?: unknown };
    expect(typeof tty.stream?.write).toBe('function');
    expect(tty.transport).toBeUndefined();

    setStdoutTTY(false);
    const piped = loggerOptions('info') as { stream?: unknown; transport?: unknown };
    expect(piped.stream).toBeUndefined();
    expect(piped.transport).toBeUndefined();

    setStdoutTTY(undefined);
    expect((loggerOptions('info') as { stream?: unknown }).stream).toBeUndefined();
  });

  it('an explicit choice wins over the terminal check', () => {
    setStdoutTTY(true);
    expect((loggerOptions('info', { pretty: false }) as { stream?: unknown }).stream).toBeUndefined();
    setStdoutTTY(false);
    expect((loggerOptions('info', { pretty: true }) as { stream?: unknown }).stream).toBeDefined();
  });

  it('JSON mode writes one JSON object a line, redacted', async () => {
    const out = sink();
    await logOneRequest({ ...(loggerOptions('info', { pretty: false }) as object), stream: out });
    const records = out.lines.map((l) => JSON.parse(l) as Record<string, any>);
    const probe = records.find((r) => r.msg === 'probe')!;
    expect(probe.user).toEqual({ password: '[redacted]', code: '[redacted]' });
    expect(probe.tokens).toEqual({ refreshToken: '[redacted]', accessToken: '[redacted]' });
    const incoming = records.find((r) => r.msg === 'incoming request')!;
    expect(incoming.req.url).toBe('/probe?…');
    expect(typeof incoming.reqId).toBe('string');
    for (const s of secrets) expect(out.lines.join('\n')).not.toContain(s);
  });

  it('pretty mode writes readable lines (level, message, fields), redacted the same way', async () => {
    const out = sink();
    await logOneRequest(loggerOptions('info', { pretty: true, destination: out }));
    expect(out.lines.length).toBeGreaterThanOrEqual(3);
    for (const line of out.lines) {
      expect(() => JSON.parse(line)).toThrow();
      expect(line).toMatch(/^\[\d\d:\d\d:\d\d\.\d{3}\] (INFO|WARN|ERROR|DEBUG|TRACE|FATAL): /);
      expect(line).not.toMatch(/\u001b\[/); // no colour codes when not writing to a terminal
    }
    const probe = out.lines.find((l) => l.includes(': probe'))!;
    expect(probe).toContain('"password":"[redacted]"');
    expect(probe).toContain('"refreshToken":"[redacted]"');
    expect(out.lines.find((l) => l.includes('incoming request'))).toContain('"url":"/probe?…"');
    for (const s of secrets) expect(out.lines.join('\n')).not.toContain(s);
  });
});
