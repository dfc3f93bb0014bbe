/**
 * A session's client is named by its user agent: the shop's web app signs in as PC_BROWSER on every
 * screen, and 会员详情 and 账户安全 showed an iPhone's session as 电脑浏览器.
 */
import { describe, expect, it } from 'vitest';
import { clientTypeName, describeDevice, deviceKind } from './device.ts';

const AGENTS = {
  iPhoneSafari:
    'Mozilla/5.0 (iPhone; CPU iPhone OS 17_4 like Mac OS X) AppleWebKit/605.1.15 (KHTML, like Gecko) Version/17.4 Mobile/15E148 Safari/604.1',
  iPhoneWeChat:
    'Mozilla/5.0 (iPhone; CPU iPhone OS 17_4 like Mac OS X) AppleWebKit/605.1.15 (KHTML, like Gecko) Mobile/15E148 MicroMessenger/8.0.47',
  iPhoneChrome:
    'Mozilla/5.0 (iPhone; CPU iPhone OS 17_4 like Mac OS X) AppleWebKit/605.1.15 (KHTML, like Gecko) CriOS/124.0.6367.88 Mobile/15E148 Safari/604.1',
  androidChrome:
    'Mozilla/5.0 (Linux; Android 14; 23127PN0CC) AppleWebKit/537.36 (KHTML, like Gecko) Chrome/124.0.0.0 Mobile Safari/537.36',
  androidHuawei:
    'Mozilla/5.0 (Linux; Android 12; HarmonyOS; ALN-AL00) AppleWebKit/537.36 (KHTML, like Gecko) Chrome/114.0 HuaweiBrowser/14.0.5 Mobile Safari/537.36',
  androidFirefox: 'Mozilla/5.0 (Android 14; Mobile; rv:125.0) Gecko/125.0 Firefox/125.0',
  iPad: 'Mozilla/5.0 (iPad; CPU OS 16_6 like Mac OS X) AppleWebKit/605.1.15 (KHTML, like Gecko) Version/16.6 Mobile/15E148 Safari/604.1',
  androidTablet:
    'Mozilla/5.0 (Linux; Android 13; SM-X710) AppleWebKit/537.36 (KHTML, like Gecko) Chrome/124.0.0.0 Safari/537.36',
  windowsEdge:
    'Mozilla/5.0 (Windows NT 10.0; Win64; x64) AppleWebKit/537.36 (KHTML, like Gecko) Chrome/124.0 Safari/537.36 Edg/124.0',
  macSafari:
    'Mozilla/5.0 (Macintosh; Intel Mac OS X 14_4) AppleWebKit/605.1.15 (KHTML, like Gecko) Version/17.4 Safari/605.1.15',
  linuxChrome: 'Mozilla/5.0 (X11; Linux x86_64) AppleWebKit/537.36 (KHTML, like Gecko) Chrome/124.0.0.0 Safari/537.36',
  chromebook:
    'Mozilla/5.0 (X11; CrOS x86_64 15633.69.0) AppleWebKit/537.36 (KHTML, like Gecko) Chrome/124.0 Safari/537.36',
  windowsFirefox: 'Mozilla/5.0 (Windows NT 10.0; rv:125.0) Gecko/20100101 Firefox/125.0',
};

describe('a browser session named by its user agent', () => {
  it.each([
    ['iPhoneSafari', 'phone', '手机浏览器', 'Safari · iPhone'],
    ['iPhoneWeChat', 'phone', '手机浏览器', '微信 · iPhone'],
    ['iPhoneChrome', 'phone', '手机浏览器', 'Chrome · iPhone'],
    ['androidChrome', 'phone', '手机浏览器', 'Chrome · Android'],
    ['androidHuawei', 'phone', '手机浏览器', '华为浏览器 · 鸿蒙'],
    ['androidFirefox', 'phone', '手机浏览器', 'Firefox · Android'],
    ['iPad', 'tablet', '平板浏览器', 'Safari · iPad'],
    ['androidTablet', 'tablet', '平板浏览器', 'Chrome · Android'],
    ['windowsEdge', 'computer', '电脑浏览器', 'Edge · Windows'],
    ['macSafari', 'computer', '电脑浏览器', 'Safari · macOS'],
    ['linuxChrome', 'computer', '电脑浏览器', 'Chrome · Linux'],
    ['chromebook', 'computer', '电脑浏览器', 'Chrome · ChromeOS'],
    ['windowsFirefox', 'computer', '电脑浏览器', 'Firefox · Windows'],
  ] as const)('%s: %s, %s, %s', (agent, kind, client, device) => {
    const userAgent = AGENTS[agent];
    expect(deviceKind(userAgent)).toBe(kind);
    // The web app says PC_BROWSER on every screen; an H5 sign-in is a browser too.
    expect(clientTypeName('PC_BROWSER', userAgent)).toBe(client);
    expect(clientTypeName('H5', userAgent)).toBe(client);
    expect(describeDevice(userAgent)).toBe(device);
  });

  it.each([
    ['PC_BROWSER', 'curl/8.0', '电脑浏览器'],
    ['PC_BROWSER', null, '电脑浏览器'],
    ['H5', undefined, '手机网页'],
    ['MINI_PROGRAM', AGENTS.iPhoneWeChat, '小程序'],
    ['APP', AGENTS.androidChrome, '手机 App'],
    ['SOMETHING_ELSE', AGENTS.windowsEdge, '其他客户端'],
  ] as const)('%s with %s: %s (the client type decides)', (clientType, userAgent, client) => {
    expect(clientTypeName(clientType, userAgent)).toBe(client);
  });
});
