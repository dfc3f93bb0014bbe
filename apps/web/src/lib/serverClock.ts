import { useEffect, useRef, useState, useSyncExternalStore } from 'react';

/**
 * The server's clock as the browser sees it, for 秒杀 countdowns. A phone's clock may be minutes off;
 * a countdown that trusted it would open 立即抢购 too early (refused) or too late. Every reply that
 * carries the server's `now` is a sample: offset = server time − the local time halfway through the
 * request. The sample with the shortest round trip is kept (its error is at most half of it); until
 * one is known the offset is 0 and `known` is false.
 */

/** server now − local now, in ms, from one request sent at `sentAt` and answered at `receivedAt` (local ms). */
export function offsetFrom(serverNow: string, sentAt: number, receivedAt: number): number {
  const server = Date.parse(serverNow);
  if (!Number.isFinite(server)) return 0;
  return Math.round(server - (sentAt + receivedAt) / 2);
}

/** Milliseconds from the server's now (local time + offset) until `target` (ISO), never below 0. */
export function msUntil(target: string | number, offsetMs: number, localNow: number): number {
  const at = typeof target === 'number' ? target : Date.parse(target);
  if (!Number.isFinite(at)) return 0;
  return Math.max(0, at - (localNow + offsetMs));
}

const pad = (n: number) => String(n).padStart(2, '0');

/** Whole seconds of a countdown, rounded up, so 0 shows only when the moment has come. */
export const secondsOf = (ms: number) => Math.max(0, Math.ceil(ms / 1000));

/** 3725 s → 01:02:05; beyond a day 1天 02:03:04 (a session tomorrow morning). */
export function formatHms(seconds: number): string {
  const s = Math.max(0, Math.floor(seconds));
  const days = Math.floor(s / 86_400);
  const hms = `${pad(Math.floor((s % 86_400) / 3600))}:${pad(Math.floor((s % 3600) / 60))}:${pad(s % 60)}`;
  return days > 0 ? `${days}天 ${hms}` : hms;
}

/** The hours, minutes and seconds as separate figures (the boxed digits of a 秒杀 countdown). */
export function hmsParts(seconds: number): { days: number; h: string; m: string; s: string } {
  const s = Math.max(0, Math.floor(seconds));
  return { days: Math.floor(s / 86_400), h: pad(Math.floor((s % 86_400) / 3600)), m: pad(Math.floor((s % 3600) / 60)), s: pad(s % 60) };
}

/* ---- the page's one estimate ---- */

interface Sample {
  offsetMs: number;
  roundTripMs: number;
}
let best: Sample | null = null;
const listeners = new Set<() => void>();

/** Records a reply's `now`; keeps it when its round trip is the shortest so far. */
export function noteServerNow(serverNow: string, sentAt: number, receivedAt: number): void {
  if (!Number.isFinite(Date.parse(serverNow))) return;
  const roundTripMs = Math.max(0, receivedAt - sentAt);
  if (best && best.roundTripMs <= roundTripMs) return;
  best = { offsetMs: offsetFrom(serverNow, sentAt, receivedAt), roundTripMs };
  listeners.forEach((l) => l());
}

/** The current estimate (0 until a reply with the server's time has come). */
export function serverOffset(): { offsetMs: number; known: boolean } {
  return { offsetMs: best?.offsetMs ?? 0, known: best !== null };
}

/** Forgets the estimate (tests). */
export function resetServerClock(): void {
  best = null;
  listeners.forEach((l) => l());
}

/**
 * Calls `fetcher` and records the `now` of its reply against the time it took: the one way the
 * activity calls are made, so each of them refines the estimate.
 */
export async function timed<T extends { now: string }>(fetcher: () => Promise<T>): Promise<T> {
  const sentAt = Date.now();
  const reply = await fetcher();
  noteServerNow(reply.now, sentAt, Date.now());
  return reply;
}

function subscribe(l: () => void) {
  listeners.add(l);
  return () => listeners.delete(l);
}

/** The offset in ms, re-rendering when a better sample arrives. */
export function useServerOffset(): number {
  return useSyncExternalStore(subscribe, () => best?.offsetMs ?? 0, () => 0);
}

/**
 * Milliseconds until `target` by the server's clock, ticking each second (at the turn of the server's
 * second, so every countdown on the page changes together). `onReached` runs once when it reaches 0.
 */
export function useCountdown(target: string | null | undefined, onReached?: () => void): number {
  const offsetMs = useServerOffset();
  const left = () => (target ? msUntil(target, offsetMs, Date.now()) : 0);
  const [ms, setMs] = useState(left);
  const reached = useRef(onReached);
  reached.current = onReached;
  useEffect(() => {
    if (!target) return;
    let timer: number | undefined;
    // Only a countdown seen running fires: a moment already past when the page opened is the data's business.
    let running = false;
    const tick = () => {
      const now = msUntil(target, offsetMs, Date.now());
      setMs(now);
      if (now <= 0) {
        if (running) reached.current?.();
        return;
      }
      running = true;
      // Next turn of a whole second of what is left (at least 50 ms away).
      timer = window.setTimeout(tick, Math.max(50, now % 1000 || 1000));
    };
    tick();
    return () => window.clearTimeout(timer);
  }, [target, offsetMs]);
  return target ? ms : 0;
}
