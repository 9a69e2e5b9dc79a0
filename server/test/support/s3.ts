import fs from 'node:fs';
import os from 'node:os';
import path from 'node:path';
import S3rver from 's3rver';

/** s3rver's built-in account; requests signed with another access key are refused. */
export const S3RVER_KEY = { accessKeyId: 'S3RVER', secretAccessKey: 'S3RVER' };

/**
 * A real S3-compatible server (s3rver from npm, not ours) on a free local port with a `media`
 * bucket, storing into a temporary folder. Requests must be signed with its account's key.
 */
export async function startS3(bucket = 'media') {
  const directory = fs.mkdtempSync(path.join(os.tmpdir(), 'otkrytka-s3-'));
  const server = new S3rver({ address: '127.0.0.1', port: 0, silent: true, directory, configureBuckets: [{ name: bucket }] });
  const { port } = await server.run();
  return {
    endpoint: `http://127.0.0.1:${port}`,
    bucket,
    async close() {
      await server.close();
      fs.rmSync(directory, { recursive: true, force: true });
    },
  };
}
