// The part of autocannon's API the benchmarks use (the package ships no types; @types/autocannon is not installed).
declare module 'autocannon' {
  namespace autocannon {
    type Options = { url: string; method?: string; connections?: number; duration?: number; headers?: Record<string, string>; body?: string };
    type Histogram = { average: number; p50: number; p99: number };
    type Result = { requests: Histogram; latency: Histogram; non2xx: number; errors: number };
  }
  function autocannon(options: autocannon.Options): Promise<autocannon.Result>;
  export default autocannon;
}
