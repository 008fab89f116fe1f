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

/** A text field of a form (no file name). */
export interface MultipartField {
  field: string;
  value: string;
}

function partHead(part: MultipartFile | MultipartField) {
  if ('value' in part) return `Content-Disposition: form-data; name="${part.field}"\r\n\r\n`;
  const disposition =
    part.encodedName !== undefined
      ? `filename*=UTF-8''${encodeURIComponent(part.encodedName)}`
      : `filename="${part.name ?? 'file'}"`;
  return (
    `Content-Disposition: form-data; name="${part.field ?? 'file'}"; ${disposition}\r\n` +
    `Content-Type: ${part.contentType ?? 'application/octet-stream'}\r\n\r\n`
  );
}

/** A multipart/form-data body with these parts in order, for inject(): payload plus content-type header. */
export function multipartBody(parts: (MultipartFile | MultipartField)[]) {
  const boundary = `----orbit${randomBytes(8).toString('hex')}`;
  const chunks = parts.flatMap((part) => [
    Buffer.from(`--${boundary}\r\n${partHead(part)}`),
    'value' in part ? Buffer.from(part.value) : part.content,
    Buffer.from('\r\n'),
  ]);
  return {
    payload: Buffer.concat([...chunks, Buffer.from(`--${boundary}--\r\n`)]),
    headers: { 'content-type': `multipart/form-data; boundary=${boundary}` },
  };
}

/** A multipart/form-data body with one file. */
export function multipartUpload(file: MultipartFile) {
  return multipartBody([file]);
}
