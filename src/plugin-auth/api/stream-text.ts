import type { Response } from 'express';

/** Streams generated text as a download; an error after the first chunk can only cut the stream. */
export async function streamText(res: Response, contentType: string, fileName: string, chunks: AsyncGenerator<string>): Promise<void> {
  let started = false;
  for await (const chunk of chunks) {
    if (!started) {
      res.status(200).set({ 'Content-Type': contentType, 'Content-Disposition': `attachment; filename="${fileName}"` });
      started = true;
    }
    // Respect back-pressure: a large export must not pile up in memory behind a slow client.
    if (!res.write(chunk)) await new Promise((resolve) => res.once('drain', resolve));
  }
  if (!started) res.status(200).set({ 'Content-Type': contentType, 'Content-Disposition': `attachment; filename="${fileName}"` });
  res.end();
}
