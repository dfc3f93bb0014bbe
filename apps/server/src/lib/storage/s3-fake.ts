import crypto from 'node:crypto';
import http from 'node:http';
import type { AddressInfo } from 'node:net';
import { SignatureV4 } from '@smithy/signature-v4';

/**
 * Test support only (never imported by the server's request path): a local HTTP server speaking
 * enough of the S3 REST protocol for lib/storage/s3-storage.ts — path-style PUT, GET, HEAD and
 * DELETE of objects, and ListObjectsV2 of the bucket — that checks the AWS Signature V4 of every request against the keys it was
 * made with, as a real bucket would. Keys are made by the test; no real service is ever involved.
 */

/** node:crypto as the hash constructor @smithy/signature-v4 expects (an HMAC when given a secret). */
class NodeSha256 {
  private readonly hash: crypto.Hash | crypto.Hmac;
  constructor(secret?: string | ArrayBuffer | ArrayBufferView) {
    this.hash = secret === undefined ? crypto.createHash('sha256') : crypto.createHmac('sha256', toBuffer(secret));
  }
  update(data: string | ArrayBuffer | ArrayBufferView) {
    this.hash.update(toBuffer(data));
  }
  async digest(): Promise<Uint8Array> {
    return new Uint8Array(this.hash.digest());
  }
}

function toBuffer(data: string | ArrayBuffer | ArrayBufferView): Buffer {
  if (typeof data === 'string') return Buffer.from(data, 'utf8');
  if (ArrayBuffer.isView(data)) return Buffer.from(data.buffer, data.byteOffset, data.byteLength);
  return Buffer.from(data);
}

export interface FakeS3Object {
  bytes: Buffer;
  type: string;
}

export interface FakeS3 {
  url: string;
  bucket: string;
  region: string;
  accessKeyId: string;
  secretAccessKey: string;
  /** Objects by their full key in the bucket (prefix included). */
  objects: Map<string, FakeS3Object>;
  /** Every request as `METHOD /bucket/key` with its answer's status, signature failures included. */
  log: { method: string; path: string; status: number }[];
  close(): Promise<void>;
}

const xmlError = (code: string, message: string) =>
  `<?xml version="1.0" encoding="UTF-8"?>\n<Error><Code>${code}</Code><Message>${message}</Message></Error>`;

const AUTH =
  /^AWS4-HMAC-SHA256 Credential=([^/]+)\/(\d{8})\/([^/]+)\/s3\/aws4_request, ?SignedHeaders=([a-z0-9;-]+), ?Signature=([0-9a-f]{64})$/;

export async function startFakeS3(opts: { bucket?: string; region?: string } = {}): Promise<FakeS3> {
  const bucket = opts.bucket ?? 'mall-test';
  const region = opts.region ?? 'us-east-1';
  const accessKeyId = `AKIA${crypto.randomBytes(8).toString('hex').toUpperCase()}`;
  const secretAccessKey = crypto.randomBytes(30).toString('base64');
  const signer = new SignatureV4({
    credentials: { accessKeyId, secretAccessKey },
    region,
    service: 's3',
    sha256: NodeSha256,
    uriEscapePath: false, // S3 signs the path as sent, without encoding it twice
    applyChecksum: true,
  });
  const objects = new Map<string, FakeS3Object>();
  const log: FakeS3['log'] = [];

  async function signatureValid(req: http.IncomingMessage, body: Buffer): Promise<boolean> {
    const m = AUTH.exec(String(req.headers.authorization ?? ''));
    if (!m || m[1] !== accessKeyId || m[3] !== region) return false;
    const amzDate = String(req.headers['x-amz-date'] ?? '');
    const d = /^(\d{4})(\d{2})(\d{2})T(\d{2})(\d{2})(\d{2})Z$/.exec(amzDate);
    if (!d || !amzDate.startsWith(m[2]!)) return false;
    const signingDate = new Date(Date.UTC(+d[1]!, +d[2]! - 1, +d[3]!, +d[4]!, +d[5]!, +d[6]!));
    if (Math.abs(signingDate.getTime() - Date.now()) > 15 * 60_000) return false;
    const payloadHash = String(req.headers['x-amz-content-sha256'] ?? '');
    if (payloadHash !== 'UNSIGNED-PAYLOAD' && payloadHash !== crypto.createHash('sha256').update(body).digest('hex')) {
      return false;
    }
    const signed = m[4]!.split(';');
    const headers: Record<string, string> = {};
    for (const name of signed) {
      const value = req.headers[name];
      if (value === undefined) return false;
      headers[name] = Array.isArray(value) ? value.join(',') : value;
    }
    const url = new URL(req.url ?? '/', 'http://fake');
    const query: Record<string, string | string[]> = {};
    for (const [k, v] of url.searchParams) {
      const was = query[k];
      query[k] = was === undefined ? v : Array.isArray(was) ? [...was, v] : [was, v];
    }
    const expected = await signer.sign(
      {
        method: req.method ?? 'GET',
        protocol: 'http:',
        hostname: String(req.headers.host ?? '').replace(/:\d+$/, ''),
        path: url.pathname,
        query,
        headers,
        body,
      } as Parameters<SignatureV4['sign']>[0],
      { signingDate, signableHeaders: new Set(signed) },
    );
    const want = Buffer.from(/Signature=([0-9a-f]{64})/.exec(String(expected.headers.authorization))![1]!);
    const given = Buffer.from(m[5]!);
    return want.length === given.length && crypto.timingSafeEqual(want, given);
  }

  const server = http.createServer((req, res) => {
    const chunks: Buffer[] = [];
    req.on('data', (c: Buffer) => chunks.push(c));
    req.on('end', () => {
      void handle(req, res, Buffer.concat(chunks)).catch(() => {
        if (!res.headersSent) res.writeHead(500);
        res.end(xmlError('InternalError', 'fake failure'));
      });
    });
  });

  async function handle(req: http.IncomingMessage, res: http.ServerResponse, body: Buffer) {
    const url = new URL(req.url ?? '/', 'http://fake');
    const method = req.method ?? 'GET';
    const answer = (status: number, headers: Record<string, string | number> = {}, payload?: Buffer | string) => {
      log.push({ method, path: url.pathname, status });
      res.writeHead(status, headers);
      res.end(method === 'HEAD' ? undefined : payload);
    };
    const error = (status: number, code: string, message: string) =>
      answer(status, { 'content-type': 'application/xml' }, xmlError(code, message));

    if (!(await signatureValid(req, body))) {
      return error(
        403,
        'SignatureDoesNotMatch',
        'The request signature we calculated does not match the signature you provided.',
      );
    }
    const [, b, ...rest] = url.pathname.split('/');
    if (b !== bucket) return error(404, 'NoSuchBucket', 'The specified bucket does not exist');
    const key = decodeURIComponent(rest.join('/'));
    if (!key && method === 'GET' && url.searchParams.get('list-type') === '2') {
      return answer(200, { 'content-type': 'application/xml' }, listing(url.searchParams));
    }
    if (!key)
      return error(400, 'InvalidRequest', 'Bucket operations other than ListObjectsV2 are not supported by this fake');

    if (method === 'PUT') {
      objects.set(key, { bytes: body, type: String(req.headers['content-type'] ?? 'application/octet-stream') });
      return answer(200, { etag: `"${crypto.createHash('md5').update(body).digest('hex')}"` });
    }
    if (method === 'GET' || method === 'HEAD') {
      const found = objects.get(key);
      if (!found) return error(404, 'NoSuchKey', 'The specified key does not exist.');
      return answer(
        200,
        {
          'content-type': found.type,
          'content-length': found.bytes.length,
          etag: `"${crypto.createHash('md5').update(found.bytes).digest('hex')}"`,
          'last-modified': new Date().toUTCString(),
        },
        found.bytes,
      );
    }
    if (method === 'DELETE') {
      objects.delete(key);
      return answer(204);
    }
    return error(405, 'MethodNotAllowed', 'The specified method is not allowed against this resource.');
  }

  /** ListObjectsV2: keys under `prefix` in name order, `max-keys` a page, the next page's start as its token. */
  function listing(params: URLSearchParams): string {
    const prefix = params.get('prefix') ?? '';
    const pageSize = Number(params.get('max-keys') ?? 1000);
    const start = Number(params.get('continuation-token') ?? 0);
    const keys = [...objects.keys()].filter((k) => k.startsWith(prefix)).sort();
    const page = keys.slice(start, start + pageSize);
    const truncated = start + pageSize < keys.length;
    const contents = page.map(
      (k) => `<Contents><Key>${k}</Key><Size>${objects.get(k)!.bytes.length}</Size></Contents>`,
    );
    return [
      '<?xml version="1.0" encoding="UTF-8"?>',
      `<ListBucketResult xmlns="http://s3.amazonaws.com/doc/2006-03-01/"><Name>${bucket}</Name><Prefix>${prefix}</Prefix>`,
      `<KeyCount>${page.length}</KeyCount><MaxKeys>${pageSize}</MaxKeys><IsTruncated>${truncated}</IsTruncated>`,
      truncated ? `<NextContinuationToken>${start + pageSize}</NextContinuationToken>` : '',
      ...contents,
      '</ListBucketResult>',
    ].join('');
  }

  await new Promise<void>((resolve) => server.listen(0, '127.0.0.1', resolve));
  const { port } = server.address() as AddressInfo;
  return {
    url: `http://127.0.0.1:${port}`,
    bucket,
    region,
    accessKeyId,
    secretAccessKey,
    objects,
    log,
    close: () =>
      new Promise<void>((resolve) => {
        server.closeAllConnections();
        server.close(() => resolve());
      }),
  };
}
