/** The requests per route and their latencies, written in Prometheus' text format. */
import { describe, expect, it } from 'vitest';
import { RouteFigures } from './route-figures.ts';

function series(text: string): Map<string, number> {
  return new Map(
    text
      .split('\n')
      .filter((l) => l && !l.startsWith('#'))
      .map((l) => [l.slice(0, l.lastIndexOf(' ')), Number(l.slice(l.lastIndexOf(' ') + 1))]),
  );
}

describe('RouteFigures', () => {
  it('counts by method, route and status, and buckets latencies cumulatively with their sum and count', () => {
    const figures = new RouteFigures();
    figures.record('GET', '/member/site/site', 200, 0.002);
    figures.record('GET', '/member/site/site', 200, 0.005); // on a bound: in that bucket
    figures.record('GET', '/member/site/site', 304, 0.03);
    figures.record('POST', '/member/site/site', 400, 12); // above every bound
    const text = figures.text();
    expect(text).toContain('# TYPE mall_http_requests_total counter');
    expect(text).toContain('# TYPE mall_http_request_duration_seconds histogram');
    const s = series(text);
    expect(s.get('mall_http_requests_total{method="GET",route="/member/site/site",status="200"}')).toBe(2);
    expect(s.get('mall_http_requests_total{method="GET",route="/member/site/site",status="304"}')).toBe(1);
    expect(s.get('mall_http_requests_total{method="POST",route="/member/site/site",status="400"}')).toBe(1);
    const get = (le: string) => s.get(`mall_http_request_duration_seconds_bucket{le="${le}",method="GET",route="/member/site/site"}`);
    expect([get('0.005'), get('0.01'), get('0.025'), get('0.05'), get('10'), get('+Inf')]).toEqual([2, 2, 2, 3, 3, 3]);
    expect(s.get('mall_http_request_duration_seconds_sum{method="GET",route="/member/site/site"}')).toBeCloseTo(0.037);
    expect(s.get('mall_http_request_duration_seconds_count{method="GET",route="/member/site/site"}')).toBe(3);
    const post = (le: string) => s.get(`mall_http_request_duration_seconds_bucket{le="${le}",method="POST",route="/member/site/site"}`);
    expect([post('10'), post('+Inf')]).toEqual([0, 1]);
  });

  it('escapes a label value as the format asks', () => {
    const figures = new RouteFigures();
    figures.record('GET', '/a"b\\c\nd', 200, 0.001);
    expect(figures.text()).toContain('mall_http_requests_total{method="GET",route="/a\\"b\\\\c\\nd",status="200"} 1');
  });

  it('writes the metrics’ headers even before any request', () => {
    expect(series(new RouteFigures().text()).size).toBe(0);
    expect(new RouteFigures().text()).toContain('# HELP mall_http_requests_total');
  });
});
