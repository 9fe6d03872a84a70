import type { Router } from '@shared/router.js';

let instance: Router | undefined;

/** The app's one router, set at start; pages read query parameters and navigate through it. */
export function provideRouter(router: Router): Router {
  instance = router;
  return router;
}

export function useRouter(): Router {
  if (!instance) throw new Error('router not started');
  return instance;
}
