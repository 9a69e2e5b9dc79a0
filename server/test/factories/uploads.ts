import type { Client, Res } from '../helpers';

/** A multipart/form-data body with one file part, as a browser's FormData would send it. */
export function multipartFile(data: Buffer, fileName: string, field = 'file', contentType = 'application/octet-stream') {
  const boundary = `----otkrytka${Math.random().toString(36).slice(2)}`;
  const head = `--${boundary}\r\nContent-Disposition: form-data; name="${field}"; filename="${fileName}"\r\nContent-Type: ${contentType}\r\n\r\n`;
  return {
    payload: Buffer.concat([Buffer.from(head), data, Buffer.from(`\r\n--${boundary}--\r\n`)]),
    headers: { 'content-type': `multipart/form-data; boundary=${boundary}` },
  };
}

/** Uploads bytes through the API as the client's user. */
export function uploadFile(c: Pick<Client, 'raw'>, data: Buffer, fileName: string, field = 'file'): Promise<Res> {
  const body = multipartFile(data, fileName, field);
  return c.raw('POST', '/api/uploads/upload', body.payload, body.headers) as Promise<Res>;
}
