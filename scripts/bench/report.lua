-- What every wrk script of `npm run bench` prints when its load ends: one JSON line of what wrk saw.
function done(summary, latency)
  -- Latency quantiles in ms (wrk keeps microseconds), so slices can be merged.
  local quantiles = {}
  for p = 1, 99 do
    quantiles[#quantiles + 1] = string.format("%.3f", latency:percentile(p) / 1000)
  end
  quantiles[#quantiles + 1] = string.format("%.3f", latency:percentile(99.9) / 1000)
  local e = summary.errors
  io.write(string.format('{"requests":%d,"durationUs":%d,"failedStatuses":%d,"errors":%d,"quantiles":[%s]}\n',
    summary.requests, summary.duration, e.status, e.connect + e.read + e.write + e.timeout, table.concat(quantiles, ",")))
end
