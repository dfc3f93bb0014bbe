/**
 * How a session is shown in 账户安全: the device read from its user agent ("Chrome · Windows"), the
 * client type in Chinese, and the IP masked (192.168.*.*). A small allowlist of the browsers and
 * systems buyers in China use; anything else reads 未知浏览器 / 未知系统.
 */
const BROWSERS: [RegExp, string][] = [
  [/MicroMessenger\//, '微信'],
  [/\bQQ\/|MQQBrowser|QQBrowser/, 'QQ浏览器'],
  [/UCBrowser|UCWEB/, 'UC浏览器'],
  [/(?:Quark)\//, '夸克'],
  [/HuaweiBrowser\//, '华为浏览器'],
  [/MiuiBrowser\//, '小米浏览器'],
  [/Edg(?:e|A|iOS)?\//, 'Edge'],
  [/OPR\/|Opera/, 'Opera'],
  [/360SE|360EE|QihooBrowser/, '360浏览器'],
  [/SogouMobileBrowser|SE \d.*MetaSr/, '搜狗浏览器'],
  [/Firefox\/|FxiOS\//, 'Firefox'],
  [/Chrome\/|CriOS\//, 'Chrome'],
  [/Version\/[\d.]+.*Safari\//, 'Safari'],
];

const SYSTEMS: [RegExp, string][] = [
  [/HarmonyOS|OpenHarmony/, '鸿蒙'],
  [/iPhone/, 'iPhone'],
  [/iPad/, 'iPad'],
  [/Android/, 'Android'],
  [/Windows NT|Windows/, 'Windows'],
  [/Mac OS X|Macintosh/, 'macOS'],
  [/CrOS/, 'ChromeOS'],
  [/Linux/, 'Linux'],
];

export function describeDevice(userAgent: string | null | undefined): string {
  if (!userAgent) return '未知设备';
  const browser = BROWSERS.find(([re]) => re.test(userAgent))?.[1];
  const system = SYSTEMS.find(([re]) => re.test(userAgent))?.[1];
  if (!browser && !system) return '未知设备';
  return `${browser ?? '未知浏览器'} · ${system ?? '未知系统'}`;
}

export type DeviceKind = 'phone' | 'tablet' | 'computer';

/**
 * What the browser runs on, told by its user agent. iPad and Android tablets are tablets (an Android
 * browser leaves out "Mobile" on a tablet); iPhone, iPod, Android and HarmonyOS phones and other "Mobi"
 * browsers are phones; Windows, macOS, ChromeOS and Linux desktops are computers. iPadOS's Safari asks
 * for the desktop site and says "Macintosh": it reads as a computer, as it asks to be treated.
 */
export function deviceKind(userAgent: string | null | undefined): DeviceKind | undefined {
  if (!userAgent) return undefined;
  if (/iPad|Tablet|PlayBook|Android(?!.*Mobile)/i.test(userAgent)) return 'tablet';
  if (/iPhone|iPod|Android|HarmonyOS|Mobi|Windows Phone/i.test(userAgent)) return 'phone';
  if (/Windows NT|Macintosh|Mac OS X|CrOS|X11|Linux/.test(userAgent)) return 'computer';
  return undefined;
}

const BROWSER_ON: Record<DeviceKind, string> = { phone: '手机浏览器', tablet: '平板浏览器', computer: '电脑浏览器' };

const CLIENT_TYPE_NAMES: Record<string, string> = {
  PC_BROWSER: '电脑浏览器',
  H5: '手机网页',
  MINI_PROGRAM: '小程序',
  APP: '手机 App',
};

/**
 * The client a session was made from, in Chinese. The shop's web app is one app for every screen and
 * signs in as PC_BROWSER on a phone too, so a browser's session is named by its user agent (an iPhone's
 * is 手机浏览器, not 电脑浏览器); the client type decides only for the apps and when the agent tells nothing.
 */
export function clientTypeName(clientType: string, userAgent?: string | null): string {
  const browser = clientType === 'PC_BROWSER' || clientType === 'H5';
  const kind = browser ? deviceKind(userAgent) : undefined;
  if (kind) return BROWSER_ON[kind];
  return CLIENT_TYPE_NAMES[clientType] ?? '其他客户端';
}

/** IPv4 keeps its first two parts (192.168.*.*); IPv6 its first two groups (2001:db8:*). */
export function maskIp(ip: string | null | undefined): string {
  if (!ip) return '未知';
  const v4 = /^(?:::ffff:)?(\d{1,3})\.(\d{1,3})\.\d{1,3}\.\d{1,3}$/i.exec(ip);
  if (v4) return `${v4[1]}.${v4[2]}.*.*`;
  if (ip.includes(':')) {
    const groups = ip.split(':').filter(Boolean);
    return groups.length >= 2 ? `${groups[0]}:${groups[1]}:*` : '*';
  }
  return '未知';
}
