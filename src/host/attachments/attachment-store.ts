import crypto from 'node:crypto';
import type { ExtensionClient } from '../client/extension-client.js';
import { AppError } from '../errors/app-error.js';
import { sniffImageType } from './content-sniff.js';
import {
  ATTACHMENT_TYPES,
  MAX_ATTACHMENT_BYTES,
  Attachment,
  type AttachmentRef,
  type AttachmentType,
  type Attachments,
  type NewAttachment,
} from './types.js';

/** Where attachments are served (anonymous GET; the random name is the capability). */
export const ATTACHMENT_PATH = '/attachments';
const NAME = /^att-[a-z2-7]{26}$/;

/** The host's attachment store over the Attachment kind. */
export class AttachmentStore implements Attachments {
  constructor(private readonly client: ExtensionClient) {}

  async save(input: NewAttachment): Promise<AttachmentRef> {
    const contentType = checkType(input.contentType, input.data);
    const limit = Math.min(input.maxBytes ?? MAX_ATTACHMENT_BYTES, MAX_ATTACHMENT_BYTES);
    if (input.data.length > limit) throw tooLarge(input.data.length, limit);
    const name = `att-${randomBase32(26)}`;
    const spec = {
      contentType,
      size: input.data.length,
      sha256: crypto.createHash('sha256').update(input.data).digest('hex'),
      data: input.data.toString('base64'),
      ...(input.filename ? { filename: input.filename.slice(0, 255) } : {}),
      ...(input.owner ? { owner: input.owner.slice(0, 253) } : {}),
    };
    await this.client.create(Attachment, { metadata: { name }, spec });
    return { name, url: `${ATTACHMENT_PATH}/${name}`, contentType, size: spec.size };
  }

  async remove(name: string): Promise<void> {
    if (NAME.test(name) && (await this.client.fetch(Attachment, name))) await this.client.delete(Attachment, name);
  }

  nameOf(url: string): string | undefined {
    const name = url.startsWith(`${ATTACHMENT_PATH}/`) ? url.slice(ATTACHMENT_PATH.length + 1) : '';
    return NAME.test(name) ? name : undefined;
  }

  /** The stored file, or undefined (a name that cannot be one is not looked up). */
  async read(name: string): Promise<{ contentType: AttachmentType; data: Buffer; sha256: string } | undefined> {
    if (!NAME.test(name)) return undefined;
    const found = await this.client.fetch(Attachment, name);
    if (!found?.spec) return undefined;
    return { contentType: found.spec.contentType, data: Buffer.from(found.spec.data, 'base64'), sha256: found.spec.sha256 };
  }
}

function checkType(claimed: string, data: Buffer): AttachmentType {
  const type = claimed.split(';')[0].trim().toLowerCase();
  if (!(ATTACHMENT_TYPES as readonly string[]).includes(type)) {
    throw new AppError('ATTACHMENT_TYPE_UNSUPPORTED', `不支持的文件类型：${type}（支持 PNG、JPEG、GIF、WebP 图片）`, {
      status: 415,
      messageEn: `unsupported file type ${type} (PNG, JPEG, GIF and WebP images are accepted)`,
      details: [{ field: 'contentType', message: '仅支持 PNG、JPEG、GIF、WebP', messageEn: 'PNG, JPEG, GIF or WebP only' }],
    });
  }
  if (data.length === 0 || sniffImageType(data) !== type) {
    throw new AppError('ATTACHMENT_TYPE_MISMATCH', `文件内容不是 ${type} 图片`, {
      status: 400,
      messageEn: `the file is not a ${type} image`,
      details: [{ field: 'data', message: `内容不是 ${type} 图片`, messageEn: `not a ${type} image` }],
    });
  }
  return type as AttachmentType;
}

function tooLarge(size: number, limit: number): AppError {
  const kib = Math.floor(limit / 1024);
  return new AppError('ATTACHMENT_TOO_LARGE', `文件过大：${size} 字节，上限 ${kib} KiB`, {
    status: 413,
    messageEn: `the file is too large: ${size} bytes, at most ${kib} KiB`,
    details: [{ field: 'data', message: `上限 ${kib} KiB`, messageEn: `at most ${kib} KiB` }],
  });
}

const BASE32 = 'abcdefghijklmnopqrstuvwxyz234567';

function randomBase32(length: number): string {
  const bytes = crypto.randomBytes(length);
  return Array.from(bytes, (b) => BASE32[b & 31]).join('');
}
