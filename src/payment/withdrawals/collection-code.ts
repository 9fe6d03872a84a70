import { defineOperation, type Attachments, type OperationDef } from '../../host/sdk/index.js';
import { UC_GROUP } from '../api/api-groups.js';
import { requireMerchant, type AccountDeps } from './accounts.js';
import { collectionCodeOwner } from './account-input.js';

/** A collection-code image is a photographed or exported QR code: 256 KiB is plenty. */
export const MAX_COLLECTION_CODE_BYTES = 256 * 1024;

interface UploadBody {
  contentType: string;
  data: string;
  filename?: string;
}

/**
 * The merchant uploads a wallet's collection-code image into the host's attachment store (PNG, JPEG, GIF or
 * WebP, checked against the bytes there), marked as the merchant's; an account then refers to its address.
 */
export function collectionCodeOperation(deps: AccountDeps, attachments: Attachments): OperationDef {
  return defineOperation<unknown, UploadBody>({
    operationId: 'uploadCollectionCode',
    group: UC_GROUP,
    method: 'post',
    path: '/withdrawal-accounts/collection-code',
    tags: ['payment-uc'],
    summary:
      `Upload a collection-code image (base64; PNG, JPEG, GIF or WebP; at most ${MAX_COLLECTION_CODE_BYTES} bytes);`
      + ' answers its address',
    bodyLimit: Math.ceil(MAX_COLLECTION_CODE_BYTES / 3) * 4 + 4096,
    body: {
      type: 'object',
      additionalProperties: false,
      required: ['contentType', 'data'],
      properties: {
        contentType: { type: 'string', minLength: 1, maxLength: 64 },
        data: { type: 'string', minLength: 4, maxLength: Math.ceil(MAX_COLLECTION_CODE_BYTES / 3) * 4, pattern: '^[A-Za-z0-9+/]+={0,2}$' },
        filename: { type: 'string', maxLength: 255 },
      },
    },
    response: {
      type: 'object',
      properties: { name: { type: 'string' }, url: { type: 'string' }, contentType: { type: 'string' }, size: { type: 'integer' } },
    },
    handler: async ({ body, principal }) => {
      await requireMerchant(deps, principal.username);
      return attachments.save({
        contentType: body.contentType,
        data: Buffer.from(body.data, 'base64'),
        ...(body.filename ? { filename: body.filename } : {}),
        owner: collectionCodeOwner(principal.username),
        maxBytes: MAX_COLLECTION_CODE_BYTES,
      });
    },
  });
}
