// Metrics for the hot paths, whose label values are all known up front. prom-client's own metrics
// hash their labels into a string on every observation; these keep one slot of plain numbers per
// label set, made once, so an observation on the short-link path is a few additions and allocates
// nothing. The registry reads them at scrape time like its own (`get`).
import type { Metric, MetricObjectWithValues, MetricValueWithName } from 'prom-client'

type Labels = Record<string, string>

/** What the registry reads of a metric: its name, help, type and values. */
abstract class FixedSeries {
  readonly aggregator = 'sum' as const
  constructor(
    readonly name: string,
    readonly help: string,
    readonly type: 'counter' | 'histogram',
  ) {}

  protected abstract values(): MetricValueWithName<string>[]

  async get(): Promise<MetricObjectWithValues<MetricValueWithName<string>>> {
    return { name: this.name, help: this.help, type: this.type as never, aggregator: this.aggregator, collect: () => {}, values: this.values() }
  }

  /** The registry takes any object that answers `get` as prom-client's own metrics do. */
  asMetric() {
    return this as unknown as Metric
  }
}

/** A counter per label set: `inc` adds to a number in place. */
export class FixedCounter<K extends string> extends FixedSeries {
  private readonly counts: Record<K, number>

  constructor(
    name: string,
    help: string,
    private readonly label: string,
    private readonly keys: readonly K[],
  ) {
    super(name, help, 'counter')
    this.counts = Object.fromEntries(keys.map((key) => [key, 0])) as Record<K, number>
  }

  inc(key: K) {
    this.counts[key] += 1
  }

  protected values() {
    return this.keys.map((key) => ({ labels: { [this.label]: key }, value: this.counts[key] }))
  }
}

type HistogramSlot = { labels: Labels; buckets: Float64Array; sum: number; count: number }

/** A histogram per label set, its slots made up front and picked by index (`slotOf`). */
export class FixedHistogram extends FixedSeries {
  private readonly slots: HistogramSlot[]

  constructor(
    name: string,
    help: string,
    private readonly bounds: readonly number[],
    labelSets: readonly Labels[],
  ) {
    super(name, help, 'histogram')
    this.slots = labelSets.map((labels) => ({ labels, buckets: new Float64Array(bounds.length), sum: 0, count: 0 }))
  }

  observe(slot: number, value: number) {
    const entry = this.slots[slot]
    entry.sum += value
    entry.count += 1
    const { bounds } = this
    for (let i = 0; i < bounds.length; i++) {
      if (value <= bounds[i]) {
        entry.buckets[i] += 1
        return
      }
    }
  }

  protected values() {
    const name = this.name
    return this.slots.flatMap(({ labels, buckets, sum, count }) => {
      let below = 0
      const lines: MetricValueWithName<string>[] = this.bounds.map((bound, i) => {
        below += buckets[i]
        return { metricName: `${name}_bucket`, labels: { ...labels, le: bound }, value: below }
      })
      lines.push({ metricName: `${name}_bucket`, labels: { ...labels, le: '+Inf' }, value: count })
      lines.push({ metricName: `${name}_sum`, labels, value: sum })
      lines.push({ metricName: `${name}_count`, labels, value: count })
      return lines
    })
  }
}
