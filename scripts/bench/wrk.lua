-- wrk's side of `npm run bench`: sends the raw requests written to the file named after `--`
-- (separated by NUL bytes) in random order, and prints one JSON line of what it saw.
local requests = {}

function init(args)
  local file = assert(io.open(args[1], "rb"))
  local all = file:read("*a")
  file:close()
  for request in string.gmatch(all, "([^%z]+)") do
    requests[#requests + 1] = request
  end
end

function request()
  return requests[math.random(#requests)]
end

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
