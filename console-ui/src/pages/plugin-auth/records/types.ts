import type { ApiItem } from '@shared/api/client.js';

/** An authorization record as listAuthLogs answers it. */
export type AuthLog = ApiItem<'listAuthLogs'>;
