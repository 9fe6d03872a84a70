import type { Request, Response } from 'express';
import type { KindInfo } from '../../schema/kind-registry.js';
import type { Resource } from '../../resource/types.js';
import type { WatchHandle } from '../../store/store.js';
import type { GenericApiDeps } from './deps.js';
import { queryString } from './context.js';
import type { ListOptions } from './list.js';
import { includeObjectOf, partialMetadata, representationOf, toTable } from './representation.js';
import { statusFromError, type Status } from './status.js';
import { WatchFilter } from './watch-filter.js';

const INITIAL_PAGE = 500;

interface WatchPlan {
  kind: KindInfo;
  where: ListOptions['where'];
  filter: WatchFilter;
  /** Resume point; undefined means "list everything first". */
  resumeFrom?: number;
  timeoutMs: number;
  bookmarks: boolean;
  /** sendInitialEvents=true: mark the end of the initial listing with a bookmark. */
  initialEventsEnd: boolean;
}

const MAX_TIMER_MS = 2 ** 31 - 1;

/** The watch of checked ListOptions (readListOptions checked them before the stream starts: bad input is a Status). */
function planWatch(deps: GenericApiDeps, kind: KindInfo, options: ListOptions): WatchPlan {
  const sendInitial = options.sendInitialEvents === true;
  const resumeFrom = sendInitial ? undefined : options.resourceVersion;
  return {
    kind,
    where: options.where,
    filter: new WatchFilter(kind, options.where, resumeFrom === undefined),
    resumeFrom,
    // a timer longer than 2^31 - 1 ms would fire at once (Node clamps it to 1 ms)
    timeoutMs: Math.min((options.timeoutSeconds || deps.defaultWatchTimeoutSeconds) * 1000, MAX_TIMER_MS),
    bookmarks: options.allowWatchBookmarks,
    initialEventsEnd: sendInitial && options.allowWatchBookmarks,
  };
}

/** Serialises events in the representation the client negotiated (objects, Table rows or metadata). */
function eventEncoder(kind: KindInfo, req: Request): (type: string, obj: Resource) => string {
  const rep = representationOf(req);
  let first = true;
  return (type, obj) => {
    let object: unknown = obj;
    if (rep.as === 'Table' && type !== 'BOOKMARK') {
      object = toTable(
        kind,
        [obj],
        { resourceVersion: obj.metadata.resourceVersion },
        { version: rep.version, includeObject: includeObjectOf(queryString(req, 'includeObject')), withColumns: first },
      );
      first = false;
    } else if (rep.as === 'PartialObjectMetadata') object = partialMetadata(obj, rep.version);
    return `${JSON.stringify({ type, object })}\n`;
  };
}

/**
 * Streams newline-delimited watch events ({"type","object"}) over a chunked response: the initial state
 * as ADDED events (unless resuming from a resourceVersion), then every change. Ends after timeoutSeconds,
 * when the client goes away, or with an ERROR event (410 Expired when the resume point was compacted).
 */
export async function serveWatch(deps: GenericApiDeps, kind: KindInfo, options: ListOptions, req: Request, res: Response): Promise<void> {
  const plan = planWatch(deps, kind, options);
  const encode = eventEncoder(kind, req);
  // X-Accel-Buffering: a reverse proxy (nginx) passes each event on at once instead of holding it in its buffers.
  res.status(200).set({
    'Content-Type': 'application/json',
    'Cache-Control': 'no-cache, private',
    'X-Content-Type-Options': 'nosniff',
    'X-Accel-Buffering': 'no',
  });
  res.flushHeaders();
  let closed = false;
  let handle: WatchHandle | undefined;
  let lastRevision = plan.resumeFrom ?? 0;
  const timers: NodeJS.Timeout[] = [];
  const finish = () => {
    if (closed) return;
    closed = true;
    handle?.stop();
    for (const t of timers) clearTimeout(t);
    res.end();
  };
  const write = (type: string, obj: Resource) => {
    if (!closed) res.write(encode(type, obj));
  };
  // An ERROR event carries a Status as it is, in every representation (Kubernetes does the same).
  const writeError = (status: Status) => {
    if (!closed) res.write(`${JSON.stringify({ type: 'ERROR', object: status })}\n`);
  };
  const bookmark = (annotations?: Record<string, string>) =>
    write('BOOKMARK', {
      apiVersion: kind.apiVersion,
      kind: kind.kind,
      metadata: { name: '', resourceVersion: String(lastRevision), ...(annotations ? { annotations } : {}) },
    });
  res.on('close', finish);
  timers.push(setTimeout(finish, plan.timeoutMs));
  try {
    if (plan.resumeFrom === undefined)
      lastRevision = await sendInitialState(
        deps,
        plan,
        req,
        (obj) => write('ADDED', obj),
        () => closed,
      );
    if (plan.initialEventsEnd) bookmark({ 'k8s.io/initial-events-end': 'true' });
    if (closed) return;
    handle = await deps.client.store.watch(
      { kind, fromRevision: lastRevision },
      (event) => {
        lastRevision = Math.max(lastRevision, event.revision);
        const out = plan.filter.translate(event);
        if (out) write(out.type, out.object);
      },
      (err) => failWatch(err, writeError, finish),
    );
    if (closed) handle.stop();
    if (plan.bookmarks) timers.push(setInterval(() => bookmark(), deps.bookmarkIntervalMs));
  } catch (err) {
    failWatch(err, writeError, finish);
  }
}

/** Lists the matching objects page by page as ADDED events; returns the revision of the first page. */
async function sendInitialState(
  deps: GenericApiDeps,
  plan: WatchPlan,
  req: Request,
  send: (obj: Resource) => void,
  closed: () => boolean,
): Promise<number> {
  const where = plan.where;
  let revision: number | undefined;
  let cont: string | undefined;
  do {
    const page = await deps.client.store.list(plan.kind, { where, limit: INITIAL_PAGE, continue: cont });
    revision ??= page.revision;
    for (const obj of page.items) {
      plan.filter.remember(obj);
      send(obj);
    }
    cont = page.continue;
  } while (cont && !closed());
  return revision;
}

function failWatch(err: unknown, writeError: (status: Status) => void, finish: () => void): void {
  writeError(statusFromError(err));
  finish();
}
