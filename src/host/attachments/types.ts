import { defineKind, type ObjectOf } from '../resource/kind-def.js';
import type { ImageType } from './image-type.js';

/** A user's uploaded file (src/host/crds/attachment.yaml); the bytes are base64 in `data`. */
export interface AttachmentSpec {
  owner: string;
  contentType: ImageType;
  fileName?: string;
  size: number;
  sha256: string;
  data: string;
}

export const Attachment = defineKind<AttachmentSpec, Record<string, unknown>>({
  group: 'host.authpay.dev',
  version: 'v1alpha1',
  kind: 'Attachment',
  plural: 'attachments',
});
export type Attachment = ObjectOf<typeof Attachment>;

/** What the API shows of an attachment: never the bytes (they are served by the content operations). */
export interface AttachmentView {
  name: string;
  owner: string;
  contentType: ImageType;
  fileName?: string;
  size: number;
  createdAt?: string;
}

export function attachmentView(a: Attachment): AttachmentView {
  const { owner, contentType, fileName, size } = a.spec;
  return { name: a.metadata.name, owner, contentType, ...(fileName ? { fileName } : {}), size, createdAt: a.metadata.creationTimestamp };
}

export const ATTACHMENT_VIEW_SCHEMA = {
  type: 'object',
  properties: {
    name: { type: 'string' },
    owner: { type: 'string' },
    contentType: { type: 'string' },
    fileName: { type: 'string' },
    size: { type: 'integer' },
    createdAt: { type: 'string', format: 'date-time' },
  },
};
