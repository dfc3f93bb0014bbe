/** The latency histogram's upper bounds, in seconds. */
const BOUNDS = [0.005, 0.01, 0.025, 0.05, 0.1, 0.25, 0.5, 1, 2.5, 5, 10];

interface RouteEntry {
  readonly labels: string;
  readonly byStatus: Map<number, number>;
  /** Requests per bucket, not summed up: [i] for BOUNDS[i], the last for above them all. */
  readonly buckets: number[];
  sum: number;
  count: number;
}

const REQUESTS = 'mall_http_requests_total';
const LATENCY = 'mall_http_request_duration_seconds';

/**
 * The requests answered per route and how long they took, as Prometheus reads them: the counter
 * `mall_http_requests_total{method,route,status}` and the histogram
 * `mall_http_request_duration_seconds{method,route}`.
 *
 * Counted in plain numbers kept per route and method, written out as text when scraped. prom-client's
 * Counter and Histogram turned their labels into a key on every request, which under a cached read's
 * load was 4 % of the server's CPU. The labels stay bounded: a route's pattern, never its address.
 */
export class RouteFigures {
  private readonly routes = new Map<string, Map<string, RouteEntry>>();

  record(method: string, route: string, status: number, seconds: number) {
    let ofRoute = this.routes.get(route);
    if (!ofRoute) this.routes.set(route, (ofRoute = new Map()));
    let entry = ofRoute.get(method);
    if (!entry) {
      const labels = `method="${escapeLabel(method)}",route="${escapeLabel(route)}"`;
      ofRoute.set(method, (entry = { labels, byStatus: new Map(), buckets: BOUNDS.map(() => 0).concat(0), sum: 0, count: 0 }));
    }
    entry.byStatus.set(status, (entry.byStatus.get(status) ?? 0) + 1);
    let bucket = 0;
    while (bucket < BOUNDS.length && seconds > BOUNDS[bucket]!) bucket += 1;
    entry.buckets[bucket]! += 1;
    entry.sum += seconds;
    entry.count += 1;
  }

  /** The two metrics in Prometheus' text format, each ending with a newline. */
  text(): string {
    const requests = [`# HELP ${REQUESTS} 请求数 (requests answered, by method, route pattern and status)`, `# TYPE ${REQUESTS} counter`];
    const latency = [
      `# HELP ${LATENCY} 请求耗时 (seconds from receiving a request to its answer, by method and route pattern)`,
      `# TYPE ${LATENCY} histogram`,
    ];
    for (const ofRoute of this.routes.values()) {
      for (const entry of ofRoute.values()) {
        for (const [status, count] of entry.byStatus) requests.push(`${REQUESTS}{${entry.labels},status="${status}"} ${count}`);
        let upTo = 0;
        BOUNDS.forEach((bound, i) => {
          upTo += entry.buckets[i]!;
          latency.push(`${LATENCY}_bucket{le="${bound}",${entry.labels}} ${upTo}`);
        });
        latency.push(`${LATENCY}_bucket{le="+Inf",${entry.labels}} ${entry.count}`);
        latency.push(`${LATENCY}_sum{${entry.labels}} ${entry.sum}`);
        latency.push(`${LATENCY}_count{${entry.labels}} ${entry.count}`);
      }
    }
    return `${requests.join('\n')}\n\n${latency.join('\n')}\n`;
  }
}

/** A label value as the text format writes it: backslash, double quote and newline escaped. */
function escapeLabel(value: string): string {
  return value.replace(/\\/g, '\\\\').replace(/"/g, '\\"').replace(/\n/g, '\\n');
}
