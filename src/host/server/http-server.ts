import fs from 'node:fs';
import http from 'node:http';
import https from 'node:https';
import type { Socket } from 'node:net';
import type { Express } from 'express';

export interface TlsFiles {
  cert: string;
  key: string;
}

/**
 * Request and response classes whose prototypes are the app's own request and response objects.
 *
 * Express gives every request and response its methods by `Object.setPrototypeOf(req, app.request)` (and
 * the same for res) at the start of each request. Changing an object's prototype after it was built turns
 * it into a slow, dictionary-mode object for V8, and every later property access on it, in Express and in
 * Node's own http code, pays for that: measured here, a minimal Express route used 70 µs of CPU per request
 * that way and 20 µs with objects born with the right prototype (docs/benchmarks.md, check-auth). When the
 * server constructs req and res from these classes, Express's call finds the prototype already in place
 * and changes nothing.
 */
function appClasses(app: Express): Pick<http.ServerOptions, 'IncomingMessage' | 'ServerResponse'> {
  function AppRequest(this: http.IncomingMessage, socket: Socket) {
    // Node's http classes are old-style constructors callable on `this`; their typings only describe `new`.
    (http.IncomingMessage as unknown as (this: http.IncomingMessage, socket: Socket) => void).call(this, socket);
  }
  AppRequest.prototype = app.request;
  function AppResponse(this: http.ServerResponse, req: http.IncomingMessage, options?: object) {
    // As above: called on `this` so the object is born with app.response as its prototype.
    (http.ServerResponse as unknown as (this: http.ServerResponse, req: http.IncomingMessage, options?: object) => void).call(
      this,
      req,
      options,
    );
  }
  AppResponse.prototype = app.response;
  // Plain constructor functions stand in for the classes (a class's prototype cannot be replaced).
  return {
    IncomingMessage: AppRequest as unknown as typeof http.IncomingMessage,
    ServerResponse: AppResponse as unknown as typeof http.ServerResponse,
  };
}

/** The host's HTTP or HTTPS server for an Express app (kubectl sends bearer tokens only over HTTPS). */
export function createHttpServer(app: Express, tls?: TlsFiles): http.Server {
  const classes = appClasses(app);
  if (tls) return https.createServer({ ...classes, cert: fs.readFileSync(tls.cert), key: fs.readFileSync(tls.key) }, app);
  return http.createServer(classes, app);
}
