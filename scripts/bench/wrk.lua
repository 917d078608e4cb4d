-- wrk's side of `npm run bench`: sends the raw requests written to the file named by
-- BENCH_REQUESTS (separated by NUL bytes) in random order, and prints one JSON line of what it saw.
local requests = {}
local file = assert(io.open(os.getenv("BENCH_REQUESTS"), "rb"))
for request in string.gmatch(file:read("*a"), "([^%z]+)") do
  requests[#requests + 1] = request
end
file:close()

if #requests > 1 then
  function request()
    return requests[math.random(#requests)]
  end
else
  -- One request: wrk sends it as it is, without calling into Lua for each.
  function init()
    wrk.format = function()
      return requests[1]
    end
  end
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
