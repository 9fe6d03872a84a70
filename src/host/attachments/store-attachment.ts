import crypto from 'node:crypto';
import type { ExtensionClient } from '../client/extension-client.js';
import { AppError, ValidationError } from '../errors/app-error.js';
import { MAX_ATTACHMENT_BYTES, sniffImageType } from './image-type.js';
import { Attachment } from './types.js';

export interface UploadInput {
  contentType: string;
  data: string;
  fileName?: string;
}

/**
 * Stores an uploaded image for its owner. The bytes decide the type: a file whose first bytes are not PNG,
 * JPEG, GIF or WebP, or that differ from the declared type, is refused, so nothing else is ever served.
 */
export async function storeAttachment(client: ExtensionClient, owner: string, input: UploadInput): Promise<Attachment> {
  const bytes = Buffer.from(input.data, 'base64');
  if (bytes.length === 0)
    throw new ValidationError('附件内容为空', [{ field: 'data', message: '附件内容为空', messageEn: 'empty file' }], 'the file is empty');
  if (bytes.length > MAX_ATTACHMENT_BYTES)
    throw new AppError('PAYLOAD_TOO_LARGE', `附件不能超过 ${MAX_ATTACHMENT_BYTES / 1024} KiB`, {
      status: 413,
      messageEn: `an attachment may have at most ${MAX_ATTACHMENT_BYTES / 1024} KiB`,
      details: [{ field: 'data', message: `最大 ${MAX_ATTACHMENT_BYTES} 字节`, messageEn: `at most ${MAX_ATTACHMENT_BYTES} bytes` }],
    });
  const actual = sniffImageType(bytes);
  if (!actual || actual !== input.contentType)
    throw new AppError('UNSUPPORTED_MEDIA_TYPE', '只能上传 PNG、JPEG、GIF 或 WebP 图片', {
      status: 415,
      messageEn: 'only PNG, JPEG, GIF or WebP images can be uploaded (the content must match its type)',
      details: [{ field: 'data', message: '不是所声明类型的图片', messageEn: 'not an image of the declared type' }],
    });
  return client.create(Attachment, {
    metadata: { name: `att-${crypto.randomBytes(12).toString('hex')}` },
    spec: {
      owner,
      contentType: actual,
      ...(input.fileName ? { fileName: input.fileName } : {}),
      size: bytes.length,
      sha256: crypto.createHash('sha256').update(bytes).digest('hex'),
      data: bytes.toString('base64'),
    },
  });
}
