import { HOST_GROUP, HOST_VERSION } from '../resource/host-group.js';
import { defineKind } from '../resource/kind-def.js';
import type { Resource } from '../resource/types.js';

/** The content types an attachment may have: raster images only (an SVG can carry script). */
export const ATTACHMENT_TYPES = ['image/png', 'image/jpeg', 'image/gif', 'image/webp'] as const;
export type AttachmentType = (typeof ATTACHMENT_TYPES)[number];

/** The largest attachment the host keeps: 512 KiB (its base64 fits the store's 1 MiB object limit). */
export const MAX_ATTACHMENT_BYTES = 512 * 1024;

export interface AttachmentSpec {
  contentType: AttachmentType;
  size: number;
  sha256: string;
  /** The bytes, base64. */
  data: string;
  filename?: string;
  owner?: string;
}

export type Attachment = Resource<AttachmentSpec>;
export const Attachment = defineKind<AttachmentSpec>({
  group: HOST_GROUP,
  version: HOST_VERSION,
  kind: 'Attachment',
  plural: 'attachments',
});

/** What a service uploads. */
export interface NewAttachment {
  contentType: string;
  data: Buffer;
  filename?: string;
  /** What uses it (for people reading the store), e.g. `SitePlugin/my-plugin`. */
  owner?: string;
  /** A lower limit than MAX_ATTACHMENT_BYTES for this upload (a logo: 256 KiB). */
  maxBytes?: number;
}

/** A stored attachment as services refer to it: `url` is a site path (`/attachments/{name}`). */
export interface AttachmentRef {
  name: string;
  url: string;
  contentType: AttachmentType;
  size: number;
}

/** The host's attachment store as the PluginContext offers it. */
export interface Attachments {
  /** Stores the file; ATTACHMENT_TOO_LARGE (413), ATTACHMENT_TYPE_UNSUPPORTED (415) or ATTACHMENT_TYPE_MISMATCH (400). */
  save(input: NewAttachment): Promise<AttachmentRef>;
  /** Removes it (nothing when it is gone already). */
  remove(name: string): Promise<void>;
  /** The attachment name of a site path this store serves, or undefined for any other address. */
  nameOf(url: string): string | undefined;
}
