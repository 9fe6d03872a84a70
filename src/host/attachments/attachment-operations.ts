import type { Response } from 'express';
import type { ExtensionClient } from '../client/extension-client.js';
import { defineOperation, type OperationDef } from '../api/operations/operation.js';
import { HOST_CONSOLE_GROUP, HOST_UC_GROUP } from '../api/host-groups.js';
import { NotFoundError } from '../errors/app-error.js';
import { requireUser } from '../notifications/inbox-operations.js';
import { singleLineText } from '../schema/text-formats.js';
import { IMAGE_TYPES, MAX_ATTACHMENT_BYTES } from './image-type.js';
import { storeAttachment, type UploadInput } from './store-attachment.js';
import { Attachment, ATTACHMENT_VIEW_SCHEMA, attachmentView } from './types.js';

const tags = ['attachments'];
const NAME_PARAMS = { type: 'object', required: ['name'], properties: { name: { type: 'string', minLength: 1, maxLength: 253 } } };
/** base64 of the largest file plus room for the JSON around it. */
const UPLOAD_BODY_LIMIT = Math.ceil(MAX_ATTACHMENT_BYTES / 3) * 4 + 4096;

/** The caller's own attachment, or 404 (also for another user's: its existence is not revealed). */
async function ownAttachment(client: ExtensionClient, owner: string, name: string): Promise<Attachment> {
  const found = await client.fetch(Attachment, name);
  if (!found || found.spec.owner !== owner) throw new NotFoundError({ zh: '附件', en: 'attachment' }, name);
  return found;
}

/** The bytes with their own type; the headers keep a browser from reading them as anything else. */
function serve(res: Response, a: Attachment): void {
  res.setHeader('Cache-Control', 'private, max-age=300');
  res.setHeader('X-Content-Type-Options', 'nosniff');
  res.setHeader('Content-Security-Policy', "default-src 'none'; sandbox");
  res.setHeader('Content-Disposition', 'inline');
  res.type(a.spec.contentType).send(Buffer.from(a.spec.data, 'base64'));
}

/**
 * Uploaded images (generic: services keep an attachment's name and check its owner). The user center uploads,
 * reads and deletes its own; the console reads any (administrators review what users uploaded).
 */
export function attachmentOperations(client: ExtensionClient): OperationDef[] {
  return [
    defineOperation<unknown, UploadInput>({
      operationId: 'uploadAttachment',
      group: HOST_UC_GROUP,
      method: 'post',
      path: '/attachments',
      tags,
      summary:
        `Upload an image (PNG, JPEG, GIF or WebP, base64, at most ${MAX_ATTACHMENT_BYTES} bytes);`
        + ' the type is checked against the bytes',
      bodyLimit: UPLOAD_BODY_LIMIT,
      body: {
        type: 'object',
        additionalProperties: false,
        required: ['contentType', 'data'],
        properties: {
          contentType: { type: 'string', enum: [...IMAGE_TYPES] },
          data: { type: 'string', minLength: 4, maxLength: UPLOAD_BODY_LIMIT, pattern: '^[A-Za-z0-9+/]+={0,2}$' },
          fileName: singleLineText(255, 1),
        },
      },
      response: ATTACHMENT_VIEW_SCHEMA,
      successStatus: 201,
      handler: async ({ body, principal }) => attachmentView(await storeAttachment(client, requireUser(principal), body)),
    }),
    defineOperation<unknown, unknown, { name: string }>({
      operationId: 'getMyAttachmentContent',
      group: HOST_UC_GROUP,
      method: 'get',
      path: '/attachments/:name/content',
      tags,
      raw: true,
      produces: [...IMAGE_TYPES],
      summary: "One of the caller's attachments, served with its content type (another user's: 404)",
      params: NAME_PARAMS,
      handler: async ({ params, principal, res }) => serve(res, await ownAttachment(client, requireUser(principal), params.name)),
    }),
    defineOperation<unknown, unknown, { name: string }>({
      operationId: 'deleteMyAttachment',
      group: HOST_UC_GROUP,
      method: 'delete',
      path: '/attachments/:name',
      tags,
      summary: "Delete one of the caller's attachments",
      params: NAME_PARAMS,
      response: ATTACHMENT_VIEW_SCHEMA,
      handler: async ({ params, principal }) => {
        const own = await ownAttachment(client, requireUser(principal), params.name);
        await client.delete(Attachment, own.metadata.name);
        return attachmentView(own);
      },
    }),
    defineOperation<unknown, unknown, { name: string }>({
      operationId: 'getAttachmentContent',
      group: HOST_CONSOLE_GROUP,
      method: 'get',
      path: '/attachments/:name/content',
      tags,
      raw: true,
      produces: [...IMAGE_TYPES],
      summary: "Any user's attachment, served with its content type (administrators)",
      params: NAME_PARAMS,
      handler: async ({ params, res }) => {
        const found = await client.fetch(Attachment, params.name);
        if (!found) throw new NotFoundError({ zh: '附件', en: 'attachment' }, params.name);
        serve(res, found);
      },
    }),
  ];
}
