import { randomBytes } from 'node:crypto';

export interface MultipartFile {
  /** Sent as filename="…"; use `encodedName` for names with quotes or line breaks. */
  name?: string;
  /** Sent as filename*=UTF-8''… (RFC 5987), as clients do for names plain quoting cannot carry. */
  encodedName?: string;
  content: Buffer;
  /** The declared type; the server must not trust it. */
  contentType?: string;
  field?: string;
}

/** A multipart/form-data body with one file, for inject(): payload plus content-type header. */
export function multipartUpload(file: MultipartFile) {
  const boundary = `----orbit${randomBytes(8).toString('hex')}`;
  const disposition =
    file.encodedName !== undefined
      ? `filename*=UTF-8''${encodeURIComponent(file.encodedName)}`
      : `filename="${file.name ?? 'file'}"`;
  const head =
    `--${boundary}\r\n` +
    `Content-Disposition: form-data; name="${file.field ?? 'file'}"; ${disposition}\r\n` +
    `Content-Type: ${file.contentType ?? 'application/octet-stream'}\r\n\r\n`;
  return {
    payload: Buffer.concat([
      Buffer.from(head),
      file.content,
      Buffer.from(`\r\n--${boundary}--\r\n`),
    ]),
    headers: { 'content-type': `multipart/form-data; boundary=${boundary}` },
  };
}
