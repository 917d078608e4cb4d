import { describe, expect, it } from 'bun:test'
import { Registry } from 'prom-client'
import { FixedCounter, FixedHistogram } from './series'

const exposition = async (...series: (FixedCounter<string> | FixedHistogram)[]) => {
  const registry = new Registry()
  for (const each of series) registry.registerMetric(each.asMetric())
  return registry.metrics()
}

describe('fixed series', () => {
  it('writes a histogram as Prometheus does: cumulative buckets, +Inf, sum and count per label set', async () => {
    const histogram = new FixedHistogram('test_seconds', 'Test', [0.1, 1], [{ kind: 'a' }, { kind: 'b' }])
    histogram.observe(0, 0.05)
    histogram.observe(0, 0.5)
    histogram.observe(0, 7)
    histogram.observe(1, 1)
    expect((await exposition(histogram)).split('\n')).toEqual([
      '# HELP test_seconds Test',
      '# TYPE test_seconds histogram',
      'test_seconds_bucket{kind="a",le="0.1"} 1',
      'test_seconds_bucket{kind="a",le="1"} 2',
      'test_seconds_bucket{kind="a",le="+Inf"} 3',
      'test_seconds_sum{kind="a"} 7.55',
      'test_seconds_count{kind="a"} 3',
      'test_seconds_bucket{kind="b",le="0.1"} 0',
      'test_seconds_bucket{kind="b",le="1"} 1',
      'test_seconds_bucket{kind="b",le="+Inf"} 1',
      'test_seconds_sum{kind="b"} 1',
      'test_seconds_count{kind="b"} 1',
      '',
    ])
  })

  it('writes every label value of a counter, those never counted as 0', async () => {
    const counter = new FixedCounter('test_total', 'Test', 'answer', ['yes', 'no'])
    counter.inc('yes')
    counter.inc('yes')
    expect(await exposition(counter)).toBe('# HELP test_total Test\n# TYPE test_total counter\ntest_total{answer="yes"} 2\ntest_total{answer="no"} 0\n')
  })
})
