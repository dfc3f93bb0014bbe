/** Image headers, device names and IP masking, without a server. */
import { describe, expect, it } from 'vitest';
import { readImageInfo } from './image.ts';
import { describeDevice, maskIp } from '../../lib/device.ts';
import { jpegHeader, png, webpVp8x } from '../../test/kit/index.ts';

describe('readImageInfo', () => {
  it('reads the size of PNG, JPEG and WebP (VP8X, VP8, VP8L)', () => {
    expect(readImageInfo(png(64, 48))).toEqual({ kind: 'png', width: 64, height: 48 });
    expect(readImageInfo(jpegHeader(300, 300))).toEqual({ kind: 'jpeg', width: 300, height: 300 });
    expect(readImageInfo(webpVp8x(512, 256))).toEqual({ kind: 'webp', width: 512, height: 256 });

    const vp8 = Buffer.alloc(30);
    vp8.write('RIFF', 0, 'latin1');
    vp8.write('WEBPVP8 ', 8, 'latin1');
    vp8.set([0x9d, 0x01, 0x2a], 23);
    vp8.writeUInt16LE(200, 26);
    vp8.writeUInt16LE(200, 28);
    expect(readImageInfo(vp8)).toEqual({ kind: 'webp', width: 200, height: 200 });

    const vp8l = Buffer.alloc(30);
    vp8l.write('RIFF', 0, 'latin1');
    vp8l.write('WEBPVP8L', 8, 'latin1');
    vp8l[20] = 0x2f;
    vp8l.writeUInt32LE((128 - 1) | ((96 - 1) << 14), 21);
    expect(readImageInfo(vp8l)).toEqual({ kind: 'webp', width: 128, height: 96 });
  });

  it('skips JPEG segments and fill bytes before the frame', () => {
    const h = jpegHeader(120, 120);
    const withComment = Buffer.concat([
      h.subarray(0, 2),
      Buffer.from([0xff, 0xfe, 0x00, 0x05, 0x61, 0x62, 0x63, 0xff]),
      h.subarray(2),
    ]);
    expect(readImageInfo(withComment)).toEqual({ kind: 'jpeg', width: 120, height: 120 });
  });

  it('refuses other formats and truncated headers', () => {
    expect(readImageInfo(Buffer.from('GIF89a\x01\x00\x01\x00', 'latin1'))).toBeNull();
    expect(readImageInfo(Buffer.from('<svg xmlns="http://www.w3.org/2000/svg"/>'))).toBeNull();
    expect(readImageInfo(png(10, 10).subarray(0, 20))).toBeNull();
    expect(readImageInfo(Buffer.from([0xff, 0xd8, 0xff]))).toBeNull();
    expect(readImageInfo(Buffer.alloc(0))).toBeNull();
  });
});

describe('describeDevice and maskIp', () => {
  it.each([
    [
      'Mozilla/5.0 (X11; Linux x86_64) AppleWebKit/537.36 (KHTML, like Gecko) Chrome/124.0.0.0 Safari/537.36',
      'Chrome · Linux',
    ],
    [
      'Mozilla/5.0 (Windows NT 10.0; Win64; x64) AppleWebKit/537.36 (KHTML, like Gecko) Chrome/124.0 Safari/537.36 Edg/124.0',
      'Edge · Windows',
    ],
    [
      'Mozilla/5.0 (Macintosh; Intel Mac OS X 14_4) AppleWebKit/605.1.15 (KHTML, like Gecko) Version/17.4 Safari/605.1.15',
      'Safari · macOS',
    ],
    [
      'Mozilla/5.0 (iPhone; CPU iPhone OS 17_4 like Mac OS X) AppleWebKit/605.1.15 (KHTML, like Gecko) Mobile/15E148 MicroMessenger/8.0.47',
      '微信 · iPhone',
    ],
    ['Mozilla/5.0 (Windows NT 10.0; rv:125.0) Gecko/20100101 Firefox/125.0', 'Firefox · Windows'],
    ['curl/8.0', '未知设备'],
    [null, '未知设备'],
  ])('%s → %s', (ua, expected) => {
    expect(describeDevice(ua)).toBe(expected);
  });

  it('masks IPv4, IPv4-mapped IPv6 and IPv6', () => {
    expect(maskIp('192.168.1.20')).toBe('192.168.*.*');
    expect(maskIp('::ffff:10.0.0.7')).toBe('10.0.*.*');
    expect(maskIp('2001:db8:85a3::8a2e:370:7334')).toBe('2001:db8:*');
    expect(maskIp('::1')).toBe('*');
    expect(maskIp(null)).toBe('未知');
  });
});
