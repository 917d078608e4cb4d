-- wrk's side of `npm run bench` for making links through the public API: each request a new link
-- (or, with BENCH_BULK=n, n new links), sent with the next of the API keys in BENCH_KEYS (a file,
-- one a line), so no key or account reaches its rate limit.
local keys = {}
for key in io.lines(os.getenv("BENCH_KEYS")) do keys[#keys + 1] = key end
local bulk = tonumber(os.getenv("BENCH_BULK") or "0")
local path = bulk > 0 and "/api/links/bulk" or "/api/link"
local sent = 0
-- Each load makes targets of its own (BENCH_RUN): a target sent again would find its link and be
-- answered as existing, and Lua's random numbers start from the same seed in every run.
local run = os.getenv("BENCH_RUN")

local function link(n, i)
  return string.format('{"targetUrl":"https://example.com/%s/%d/%d","title":"Page %d","description":"Made under load"}', run, n, i, n)
end

function request()
  sent = sent + 1
  local body
  if bulk > 0 then
    local links = {}
    for i = 1, bulk do links[i] = link(sent, i) end
    body = '{"links":[' .. table.concat(links, ",") .. ']}'
  else
    body = link(sent, 0)
  end
  local headers = { ["Content-Type"] = "application/json", ["Authorization"] = "Bearer " .. keys[sent % #keys + 1] }
  return wrk.format("POST", path, headers, body)
end

-- The JSON line bench.ts reads (wrk runs its scripts from the repository root).
dofile("scripts/bench/report.lua")
