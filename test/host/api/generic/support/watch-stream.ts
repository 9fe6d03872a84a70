import type { Resource } from '../../../../../src/host/resource/types.js';
export interface WatchLine {
  type: string;
  object: Resource;
}

/**
 * Reads newline-delimited watch events from a fetch response until `enough` holds or the server ends the
 * stream; cancels the body afterwards. onEvent sees each event as it arrives (to act on the stream mid-way).
 */
export async function readWatch(
  res: Response,
  enough: (events: WatchLine[]) => boolean = () => false,
  onEvent?: (event: WatchLine) => void,
): Promise<WatchLine[]> {
  const reader = res.body!.getReader();
  const decoder = new TextDecoder();
  const events: WatchLine[] = [];
  let buffer = '';
  while (!enough(events)) {
    const { done, value } = await reader.read();
    if (done) break;
    buffer += decoder.decode(value, { stream: true });
    let newline: number;
    while ((newline = buffer.indexOf('\n')) >= 0) {
      const event = JSON.parse(buffer.slice(0, newline)) as WatchLine;
      events.push(event);
      onEvent?.(event);
      buffer = buffer.slice(newline + 1);
    }
  }
  await reader.cancel().catch(() => undefined);
  return events;
}
