-- Load script for wrk (bench/check-auth/load-generator.ts): GET requests cycling over the paths in the file
-- named by the first script argument; with "nonce" as the second, each request gets a fresh &nonce=.
-- Prints one JSON line of figures at the end (latencies in milliseconds).
local paths = {}
local counter = 0
local withNonce = false

init = function(args)
  for line in io.lines(args[1]) do
    if #line > 0 then paths[#paths + 1] = line end
  end
  withNonce = args[2] == "nonce"
end

request = function()
  counter = counter + 1
  local path = paths[(counter % #paths) + 1]
  if withNonce then path = path .. "&nonce=n" .. counter end
  return wrk.format("GET", path)
end

done = function(summary, latency, requests)
  local e = summary.errors
  io.write(string.format('{"requests":%d,"durationUs":%d,"p50":%.3f,"p90":%.3f,"p99":%.3f,"p999":%.3f,"max":%.3f,"non2xx":%d,"errors":%d}\n',
    summary.requests, summary.duration, latency:percentile(50) / 1000, latency:percentile(90) / 1000,
    latency:percentile(99) / 1000, latency:percentile(99.9) / 1000, latency.max / 1000,
    e.status, e.connect + e.read + e.write + e.timeout))
end
