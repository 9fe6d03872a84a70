import {
  Counter,
  Gauge,
  Histogram,
  Registry,
  collectDefaultMetrics,
  type CounterConfiguration,
  type GaugeConfiguration,
  type HistogramConfiguration,
} from 'prom-client';

/** Request latency buckets in seconds: API calls are mostly milliseconds, provider round trips seconds. */
const HTTP_BUCKETS = [0.005, 0.01, 0.025, 0.05, 0.1, 0.25, 0.5, 1, 2.5, 5, 10];
const JOB_BUCKETS = [0.1, 0.5, 1, 5, 15, 60, 300, 900];
const MAX_HTTP_SERIES = 2_000;
type HttpLabel = 'method' | 'route' | 'status';

/**
 * The host's Prometheus registry. One per runtime (not prom-client's global registry), so several
 * runtimes in one process (tests) keep separate figures. Components add their own instruments through
 * counter/gauge/histogram, which return the existing instrument when the name is already registered.
 */
export class HostMetrics {
  readonly registry = new Registry();
  readonly httpRequests: Counter<HttpLabel>;
  readonly httpDuration: Histogram<HttpLabel>;
  /** Incremented by the scheduler once per finished job run (outcome: SUCCEEDED, FAILED, TIMED_OUT, …). */
  readonly jobRuns: Counter<'job' | 'outcome'>;
  readonly jobDuration: Histogram<'job'>;
  private readonly httpSeries = new Map<string, { count: Counter.Internal; duration: Histogram.Internal<HttpLabel> }>();

  constructor(options: { defaultMetrics?: boolean } = {}) {
    if (options.defaultMetrics !== false) collectDefaultMetrics({ register: this.registry, prefix: 'authpay_' });
    this.httpRequests = this.counter({
      name: 'authpay_http_requests_total',
      help: 'HTTP requests by route template and status',
      labelNames: ['method', 'route', 'status'],
    });
    this.httpDuration = this.histogram({
      name: 'authpay_http_request_duration_seconds',
      help: 'HTTP request latency by route template',
      labelNames: ['method', 'route', 'status'],
      buckets: HTTP_BUCKETS,
    });
    this.jobRuns = this.counter({ name: 'authpay_job_runs_total', help: 'Scheduled job runs by outcome', labelNames: ['job', 'outcome'] });
    this.jobDuration = this.histogram({
      name: 'authpay_job_run_duration_seconds',
      help: 'Scheduled job run time',
      labelNames: ['job'],
      buckets: JOB_BUCKETS,
    });
  }

  /**
   * Records one finished HTTP request. Each label set's series are kept: prom-client otherwise sorts and
   * joins the labels of every observation, twice per request on every request. Route templates, methods
   * and statuses are few; past MAX_HTTP_SERIES a label set is looked up the slow way.
   */
  recordHttpRequest(method: string, route: string, status: number, seconds: number): void {
    const key = `${method} ${status} ${route}`;
    let series = this.httpSeries.get(key);
    if (!series) {
      const labels = { method, route, status: String(status) };
      series = { count: this.httpRequests.labels(labels), duration: this.httpDuration.labels(labels) };
      if (this.httpSeries.size < MAX_HTTP_SERIES) this.httpSeries.set(key, series);
    }
    series.count.inc();
    series.duration.observe(seconds);
  }

  /** Records one finished job run (called by the scheduler). */
  recordJobRun(job: string, outcome: string, seconds?: number): void {
    this.jobRuns.inc({ job, outcome });
    if (seconds !== undefined) this.jobDuration.observe({ job }, seconds);
  }

  counter<L extends string>(config: Omit<CounterConfiguration<L>, 'registers'>): Counter<L> {
    return (
      (this.registry.getSingleMetric(config.name) as Counter<L> | undefined) ?? new Counter<L>({ ...config, registers: [this.registry] })
    );
  }

  gauge<L extends string>(config: Omit<GaugeConfiguration<L>, 'registers'>): Gauge<L> {
    return (this.registry.getSingleMetric(config.name) as Gauge<L> | undefined) ?? new Gauge<L>({ ...config, registers: [this.registry] });
  }

  histogram<L extends string>(config: Omit<HistogramConfiguration<L>, 'registers'>): Histogram<L> {
    return (
      (this.registry.getSingleMetric(config.name) as Histogram<L> | undefined)
      ?? new Histogram<L>({ ...config, registers: [this.registry] })
    );
  }

  /** The text exposition format served at /metrics. */
  async render(): Promise<{ contentType: string; body: string }> {
    return { contentType: this.registry.contentType, body: await this.registry.metrics() };
  }
}
