/**
 * The rate limiters' sliding window (src/host/ratelimit/sliding-window.ts) weighs the previous minute a little
 * less just after a minute boundary, so a run of counted requests straddling one can stay just under the
 * limit. Tests that count to a limit start well inside a minute: when fewer than `needMs` remain of the
 * current one, this waits for the next.
 */
export async function startWellInsideAMinute(needMs = 20_000): Promise<void> {
  const untilBoundary = 60_000 - (Date.now() % 60_000);
  if (untilBoundary < needMs) await new Promise((resolve) => setTimeout(resolve, untilBoundary + 100));
}
