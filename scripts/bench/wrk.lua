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

-- The JSON line bench.ts reads (wrk runs its scripts from the repository root).
dofile("scripts/bench/report.lua")
