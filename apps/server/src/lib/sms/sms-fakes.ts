/**
 * Local fakes of the two SMS providers' APIs, for tests only: a node:http server speaking each API's
 * protocol, checking each request's signature with the test's key as the real API does (aliyun:
 * ACS3-HMAC-SHA256, the scheme its SDK uses; tencent: TC3-HMAC-SHA256) and refusing a wrong one.
 * What they answer is set per test: a success, the provider's own refusal codes, a gateway 500, or
 * no answer at all.
 */
import crypto from 'node:crypto';
import http from 'node:http';
import type { AddressInfo } from 'node:net';

export type FakeMode = 'ok' | 'dailyLimit' | 'numberRefused' | 'error500' | 'hang';

export interface AliyunSent {
  phoneNumbers: string;
  signName: string;
  templateCode: string;
  templateParam: Record<string, string>;
}

export interface TencentSent {
  phoneNumberSet: string[];
  smsSdkAppId: string;
  signName: string;
  templateId: string;
  templateParamSet: string[];
}

export interface Fake<T> {
  /** `http://127.0.0.1:port`, for the endpoint setting. */
  url: string;
  mode: FakeMode;
  /** Requests whose signature checked out, as the API read them. */
  sent: T[];
  /** Every request that arrived, signed right or not. */
  requests: number;
  close(): Promise<void>;
}

const sha256 = (data: string | Buffer) => crypto.createHash('sha256').update(data).digest('hex');
const hmac = (key: string | Buffer, data: string) => crypto.createHmac('sha256', key).update(data).digest();

function readBody(req: http.IncomingMessage): Promise<Buffer> {
  return new Promise((resolve, reject) => {
    const chunks: Buffer[] = [];
    req.on('data', (c: Buffer) => chunks.push(c));
    req.on('end', () => resolve(Buffer.concat(chunks)));
    req.on('error', reject);
  });
}

async function listen<T>(
  handle: (req: http.IncomingMessage, body: Buffer, fake: Fake<T>) => { status: number; json: unknown } | null,
): Promise<Fake<T>> {
  const hanging = new Set<http.ServerResponse>();
  const fake: Fake<T> = { url: '', mode: 'ok', sent: [], requests: 0, close: async () => {} };
  const server = http.createServer(async (req, res) => {
    const body = await readBody(req);
    fake.requests += 1;
    const answer = handle(req, body, fake);
    if (!answer) {
      hanging.add(res); // the gateway never answers
      return;
    }
    res.writeHead(answer.status, { 'content-type': 'application/json;charset=utf-8' }).end(JSON.stringify(answer.json));
  });
  await new Promise<void>((resolve) => server.listen(0, '127.0.0.1', resolve));
  fake.url = `http://127.0.0.1:${(server.address() as AddressInfo).port}`;
  fake.close = async () => {
    for (const res of hanging) res.destroy();
    server.closeAllConnections();
    await new Promise<void>((resolve) => server.close(() => resolve()));
  };
  return fake;
}

/** RFC 3986 as the aliyun SDK encodes query values. */
function acsEncode(s: string): string {
  return encodeURIComponent(s).replace(/[!'()*]/g, (c) => `%${c.charCodeAt(0).toString(16).toUpperCase()}`);
}

/** 阿里云 Dysmsapi SendSms, RPC style, signed with ACS3-HMAC-SHA256. */
export function fakeAliyun(accessKeyId: string, accessKeySecret: string): Promise<Fake<AliyunSent>> {
  return listen<AliyunSent>((req, body, fake) => {
    const requestId = crypto.randomUUID();
    const refuse = (status: number, Code: string, Message: string) => ({
      status,
      json: { Code, Message, RequestId: requestId, HostId: 'dysmsapi.aliyuncs.com' },
    });
    const url = new URL(req.url ?? '/', 'http://fake');
    const auth = /^ACS3-HMAC-SHA256 Credential=([^,]+),SignedHeaders=([^,]+),Signature=([0-9a-f]{64})$/.exec(
      String(req.headers.authorization ?? ''),
    );
    if (!auth) return refuse(400, 'MissingAuthorization', 'Authorization is mandatory for this action.');
    const [, keyId, signedHeaders, signature] = auth;
    if (keyId !== accessKeyId) return refuse(404, 'InvalidAccessKeyId.NotFound', 'Specified access key is not found.');
    if (sha256(body) !== req.headers['x-acs-content-sha256']) {
      return refuse(400, 'SignatureDoesNotMatch', 'The request body does not match x-acs-content-sha256.');
    }
    const names = signedHeaders!.split(';');
    if (!['host', 'x-acs-action', 'x-acs-content-sha256', 'x-acs-date', 'x-acs-signature-nonce', 'x-acs-version'].every((h) => names.includes(h))) {
      return refuse(400, 'SignatureDoesNotMatch', 'Required headers are not signed.');
    }
    const query = [...url.searchParams.keys()]
      .sort()
      .map((k) => `${k}=${acsEncode(url.searchParams.get(k) ?? '')}`)
      .join('&');
    const headers = names.map((h) => `${h}:${String(req.headers[h] ?? '').trim()}\n`).join('');
    const canonical = [req.method, url.pathname, query, headers, signedHeaders, sha256(body)].join('\n');
    const expected = hmac(accessKeySecret, `ACS3-HMAC-SHA256\n${sha256(canonical)}`).toString('hex');
    if (!crypto.timingSafeEqual(Buffer.from(expected), Buffer.from(signature!))) {
      return refuse(400, 'SignatureDoesNotMatch', 'Specified signature is not matched with our calculation.');
    }
    if (req.headers['x-acs-action'] !== 'SendSms' || req.headers['x-acs-version'] !== '2017-05-25') {
      return refuse(400, 'InvalidAction.NotFound', 'Specified api is not found, please check your url and method.');
    }
    const q = url.searchParams;
    fake.sent.push({
      phoneNumbers: q.get('PhoneNumbers') ?? '',
      signName: q.get('SignName') ?? '',
      templateCode: q.get('TemplateCode') ?? '',
      templateParam: JSON.parse(q.get('TemplateParam') ?? '{}') as Record<string, string>,
    });
    switch (fake.mode) {
      case 'hang':
        return null;
      case 'error500':
        return refuse(500, 'InternalError', 'The request processing has failed due to some unknown error.');
      case 'dailyLimit':
        return { status: 200, json: { Code: 'isv.BUSINESS_LIMIT_CONTROL', Message: '触发天级流控Permits:10', RequestId: requestId } };
      case 'numberRefused':
        return { status: 200, json: { Code: 'isv.MOBILE_NUMBER_ILLEGAL', Message: '非法手机号', RequestId: requestId } };
      default:
        return { status: 200, json: { Code: 'OK', Message: 'OK', BizId: `${Date.now()}^0`, RequestId: requestId } };
    }
  });
}

/** 腾讯云短信 SendSms (2021-01-11), signed with TC3-HMAC-SHA256. */
export function fakeTencent(secretId: string, secretKey: string): Promise<Fake<TencentSent>> {
  return listen<TencentSent>((req, body, fake) => {
    const requestId = crypto.randomUUID();
    const error = (Code: string, Message: string) => ({ status: 200, json: { Response: { Error: { Code, Message }, RequestId: requestId } } });
    const auth =
      /^TC3-HMAC-SHA256 Credential=([^/]+)\/(\d{4}-\d{2}-\d{2})\/([^/]+)\/tc3_request, SignedHeaders=([^,]+), Signature=([0-9a-f]{64})$/.exec(
        String(req.headers.authorization ?? ''),
      );
    if (!auth) return error('AuthFailure.SignatureFailure', 'The provided credentials could not be validated.');
    const [, id, date, service, signedHeaders, signature] = auth;
    if (id !== secretId) return error('AuthFailure.SecretIdNotFound', 'The SecretId is not found, please ensure that your SecretId is correct.');
    const timestamp = Number(req.headers['x-tc-timestamp']);
    if (!Number.isFinite(timestamp) || Math.abs(Date.now() / 1000 - timestamp) > 300) {
      return error('AuthFailure.SignatureExpire', 'Signature expired.');
    }
    const hostname = String(req.headers.host ?? '').replace(/:\d+$/, '');
    if (date !== new Date(timestamp * 1000).toISOString().slice(0, 10) || service !== hostname.split('.')[0] || signedHeaders !== 'content-type;host') {
      return error('AuthFailure.SignatureFailure', 'The provided credentials could not be validated. Please check your signature is correct.');
    }
    const url = new URL(req.url ?? '/', 'http://fake');
    const canonical = [
      req.method,
      url.pathname,
      url.search.slice(1),
      `content-type:${req.headers['content-type']}\nhost:${hostname}\n`,
      signedHeaders,
      sha256(body),
    ].join('\n');
    const toSign = `TC3-HMAC-SHA256\n${timestamp}\n${date}/${service}/tc3_request\n${sha256(canonical)}`;
    const kSigning = hmac(hmac(hmac(`TC3${secretKey}`, date!), service!), 'tc3_request');
    const expected = hmac(kSigning, toSign).toString('hex');
    if (!crypto.timingSafeEqual(Buffer.from(expected), Buffer.from(signature!))) {
      return error('AuthFailure.SignatureFailure', 'The provided credentials could not be validated. Please check your signature is correct.');
    }
    if (req.headers['x-tc-action'] !== 'SendSms' || req.headers['x-tc-version'] !== '2021-01-11') {
      return error('InvalidAction', 'The action requested does not exist.');
    }
    const p = JSON.parse(body.toString('utf8')) as Record<string, unknown>;
    const sent: TencentSent = {
      phoneNumberSet: p.PhoneNumberSet as string[],
      smsSdkAppId: String(p.SmsSdkAppId),
      signName: String(p.SignName),
      templateId: String(p.TemplateId),
      templateParamSet: (p.TemplateParamSet as string[]) ?? [],
    };
    fake.sent.push(sent);
    const status = (Code: string, Message: string) => ({
      status: 200,
      json: {
        Response: {
          SendStatusSet: sent.phoneNumberSet.map((PhoneNumber) => ({
            SerialNo: crypto.randomUUID(),
            PhoneNumber,
            Fee: Code === 'Ok' ? 1 : 0,
            SessionContext: '',
            Code,
            Message,
            IsoCode: 'CN',
          })),
          RequestId: requestId,
        },
      },
    });
    switch (fake.mode) {
      case 'hang':
        return null;
      case 'error500':
        return { status: 500, json: { message: 'internal error' } };
      case 'dailyLimit':
        return status('LimitExceeded.PhoneNumberDailyLimit', '单个手机号日下发短信条数超过设定的上限');
      case 'numberRefused':
        return status('FailedOperation.PhoneNumberInBlacklist', '手机号在免打扰名单库中');
      default:
        return status('Ok', 'send success');
    }
  });
}
