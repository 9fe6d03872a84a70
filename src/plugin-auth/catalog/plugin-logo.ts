import { ValidationError, type AttachmentRef, type Attachments, type Logger } from '../../host/sdk/index.js';

/** The largest logo: 256 KiB (the host keeps attachments up to 512 KiB). */
export const MAX_LOGO_BYTES = 256 * 1024;

export interface LogoUpload {
  contentType: string;
  /** The image, base64. */
  data: string;
  filename?: string;
}

/**
 * Stores an uploaded logo as a host attachment and answers its site path, which the plugin's `logo` field then
 * takes. The host checks the type (PNG, JPEG, GIF, WebP; the bytes must be one) and the size.
 */
export async function uploadLogo(attachments: Attachments, upload: LogoUpload): Promise<AttachmentRef> {
  const data = Buffer.from(upload.data, 'base64');
  if (data.toString('base64') !== upload.data.replace(/\s+/g, ''))
    throw new ValidationError(
      '图片数据不是有效的 base64',
      [{ field: 'data', message: '图片数据不是有效的 base64', messageEn: 'The image data is not valid base64.' }],
      'the image data is not valid base64',
    );
  return attachments.save({
    contentType: upload.contentType,
    data,
    filename: upload.filename,
    owner: 'SitePlugin logo',
    maxBytes: MAX_LOGO_BYTES,
  });
}

/** A logo the plugin no longer uses: removed when it is one of our attachments (a URL elsewhere is left alone). */
export async function forgetLogo(attachments: Attachments, logo: string | undefined, logger: Logger): Promise<void> {
  const name = logo ? attachments.nameOf(logo) : undefined;
  if (!name) return;
  await attachments.remove(name).catch((err: Error) => logger.warn({ attachment: name, err: err.message }, 'old logo not removed'));
}
