// The part of autocannon's API the benchmarks use (the package ships no types).
declare module 'autocannon' {
  type Histogram = { average: number; mean: number; p50: number; p90: number; p99: number; max: number; total: number };
  export type AutocannonResult = {
    requests: Histogram;
    latency: Histogram;
    throughput: Histogram;
    duration: number;
    errors: number;
    timeouts: number;
    non2xx: number;
    '2xx': number;
    statusCodeStats: Record<string, { count: number }>;
  };
  export type AutocannonOptions = {
    url: string;
    method?: 'GET' | 'POST' | 'PUT';
    headers?: Record<string, string>;
    body?: string;
    connections?: number;
    pipelining?: number;
    duration?: number;
    amount?: number;
    /** Requests a second over all connections at most. */
    overallRate?: number;
    /** Each connection sends these in turn; `setupRequest` may change one just before it goes. */
    requests?: { method?: 'GET' | 'POST' | 'PUT'; path?: string; body?: string; setupRequest?: (request: { body?: string }) => { body?: string } }[];
  };
  export default function autocannon(options: AutocannonOptions): Promise<AutocannonResult>;
}
