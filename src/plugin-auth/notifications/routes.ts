import { defineOperation, singleLineText, type OperationDef } from '../../host/sdk/index.js';
import { CONSOLE_GROUP } from '../api/groups.js';
import { TAGS } from '../api/tags.js';
import { PLUGIN_KEY } from '../catalog/schemas.js';
import type { PluginAuthDeps } from '../deps/plugin-auth-deps.js';
import { sendBulkNotification, type BulkNotificationInput } from './bulk-notification.js';

/** Console: the administrator's custom notification to a plugin's authorized or unauthorized users. */
export function notificationOperations(deps: PluginAuthDeps): OperationDef[] {
  return [
    defineOperation<unknown, BulkNotificationInput>({
      operationId: 'sendBulkNotification',
      group: CONSOLE_GROUP,
      method: 'post',
      path: '/notifications',
      tags: TAGS.notifications,
      summary: "Send a title and HTML content (sanitized) once to each distinct user of a plugin's authorized or unauthorized records",
      body: {
        type: 'object',
        additionalProperties: false,
        required: ['pluginKey', 'authStatus', 'title', 'content'],
        properties: {
          pluginKey: PLUGIN_KEY,
          authStatus: { type: 'integer', enum: [0, 1] },
          title: singleLineText(200, 1),
          content: { type: 'string', minLength: 1, maxLength: 100_000 },
        },
      },
      response: {
        type: 'object',
        properties: {
          bulkId: { type: 'string' },
          users: { type: 'integer' },
          messages: { type: 'integer' },
          skippedUsers: { type: 'array', items: { type: 'string' } },
        },
      },
      handler: ({ body }) => sendBulkNotification(deps, body),
    }),
  ];
}
