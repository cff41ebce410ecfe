import { describe, expect, it } from 'vitest';
import {
  deviceModelOf,
  entryRedirect,
  needsLoginCheck,
  pcZoomOf,
  STATUS_BAR_SCENES,
  statusBarHeightOf,
  tabBarHeightOf,
} from './launch';

const home = '/app/pages/index/index';

describe('entry parameters of the home', () => {
  it('opens the key sale with prePublishLockId, wxRoleSale for a type-3 key', () => {
    expect(entryRedirect(home, '?prePublishLockId=LOCK12345678&needLogin=1', false)).toBe(
      '/app/pages/codeSale/roleSale?prePublishLockId=LOCK12345678&needLogin=1',
    );
    expect(entryRedirect(home, '?prePublishLockId=LOCK12345678&type=3', true)).toBe(
      '/app/pages/codeSale/wxRoleSale?prePublishLockId=LOCK12345678&type=3',
    );
    expect(entryRedirect('/app/pages/codeSale/roleSale', '?prePublishLockId=L1&type=3', true)).toBe(
      '/app/pages/codeSale/wxRoleSale?prePublishLockId=L1&type=3',
    );
    expect(entryRedirect('/app/pages/codeSale/roleSale', '?prePublishLockId=L1', true)).toBeNull();
  });

  it('sends a visitor to login with needLogin and back to the home without it', () => {
    expect(entryRedirect(home, '?needLogin=1&tabTag=index', false)).toBe(
      `/app/pages/login/login?fromPage=${encodeURIComponent('/app/pages/index/index?tabTag=index')}`,
    );
    expect(entryRedirect('/h5/pages/index/index', '?needLogin=expiredLogin', false)).toBe(
      '/h5/pages/login/login?needLogin=expiredLogin',
    );
    expect(entryRedirect(home, '?needLogin=1', true)).toBeNull();
    expect(entryRedirect(home, '?needLogin=0', false)).toBeNull();
  });

  it('returns from a payment page to the order with fromPage=orderPaymentStatusGroupId', () => {
    expect(entryRedirect(home, '?fromPage=orderPaymentStatusGroupId&orderId=O123', true)).toBe(
      '/app/pages/orderNew/orderDetail/orderDetail?orderId=O123&paid=1',
    );
    expect(entryRedirect('/h5/pages/index/index', '?fromPage=orderPaymentStatusGroupId', true)).toBe(
      '/h5/pages/orderNew/orderList/orderList',
    );
  });

  it('leaves every other page and a plain home alone', () => {
    expect(entryRedirect(home, '', false)).toBeNull();
    expect(entryRedirect(home, '?tabTag=index&tabView=VIndex', false)).toBeNull();
    expect(entryRedirect('/h5/pages/index/index', '?prePublishLockId=LOCK12345678', true)).toBeNull();
    expect(entryRedirect('/app/pages/userCenter/index', '?needLogin=1', false)).toBeNull();
    expect(entryRedirect('/ops', '?needLogin=1', false)).toBeNull();
  });
});

describe('the login check of launch', () => {
  it('runs with a token, except on the IM conversation pages', () => {
    expect(needsLoginCheck('/h5/pages/index/index', true)).toBe(true);
    expect(needsLoginCheck('/h5/pages/index/index', false)).toBe(false);
    expect(needsLoginCheck('/app/pages/personalTransaction/IM/conversation/index2', true)).toBe(false);
    expect(needsLoginCheck('/app/pages/personalTransaction/IM/conversation/indexIos', true)).toBe(false);
  });
});

describe('PC zoom (platform-shell §9)', () => {
  it('is 0.85 in every PC scene for windows 500 to 1500 px wide', () => {
    for (const scene of ['web', 'webpc', 'h5pc', 'websdk'] as const) {
      expect(pcZoomOf(scene, 500)).toBe(0.85);
      expect(pcZoomOf(scene, 1440)).toBe(0.85);
      expect(pcZoomOf(scene, 1500)).toBe(0.85);
    }
  });
  it('is none outside 500 to 1500 px and in the phone and app scenes', () => {
    expect(pcZoomOf('web', 499)).toBeNull();
    expect(pcZoomOf('web', 1501)).toBeNull();
    expect(pcZoomOf('web', 1920)).toBeNull();
    for (const scene of ['h5', 'app', 'h5sdk', 'landsdk', 'h5wx'] as const) expect(pcZoomOf(scene, 1440)).toBeNull();
    expect(pcZoomOf(null, 1440)).toBeNull();
  });
});

describe('the tab bar by device model (platform-shell §9)', () => {
  it('is 91 px on the 16s, 86 px on ALP-AL00 and 60 px elsewhere, the model read from the user agent', () => {
    const ua = (model: string) =>
      `Mozilla/5.0 (Linux; Android 10; ${model} Build/QKQ1.190716.003; wv) AppleWebKit/537.36 Chrome/83.0 Mobile Safari/537.36`;
    expect(deviceModelOf(ua('ALP-AL00'))).toBe('ALP-AL00');
    expect(tabBarHeightOf(deviceModelOf(ua('ALP-AL00')))).toBe(86);
    expect(tabBarHeightOf(deviceModelOf(ua('16s')))).toBe(91);
    expect(tabBarHeightOf(deviceModelOf(ua('MEIZU 16s')))).toBe(91);
    expect(tabBarHeightOf(deviceModelOf(ua('Pixel 7')))).toBe(60);
    const iphone = 'Mozilla/5.0 (iPhone; CPU iPhone OS 17_0 like Mac OS X) AppleWebKit/605.1.15 Mobile/15E148';
    expect(deviceModelOf(iphone)).toBe('');
    expect(tabBarHeightOf(deviceModelOf(iphone))).toBe(60);
  });
});

describe('the status bar by device (platform-shell §9, decision navbar-bars)', () => {
  const android =
    'Mozilla/5.0 (Linux; Android 13; V2227A Build/TP1A.220624.014; wv) AppleWebKit/537.36 Chrome/108.0 Mobile Safari/537.36';
  const iphone = 'Mozilla/5.0 (iPhone; CPU iPhone OS 17_0 like Mac OS X) AppleWebKit/605.1.15 Mobile/15E148';
  const on = (userAgent: string, pixelRatio: number, screenWidth: number, screenHeight: number) =>
    statusBarHeightOf({ userAgent, pixelRatio, screenWidth, screenHeight });

  it("is Android's 60/72/84/96 device pixels of the density class nearest the pixel ratio, in CSS px", () => {
    expect(on(android, 2.5, 432, 960)).toBe(24); // 60 / 2.5
    expect(on(android, 2.75, 393, 873)).toBe(26); // 72 / 2.75
    expect(on(android, 3, 360, 800)).toBe(24); // 72 / 3
    expect(on(android, 3.5, 411, 914)).toBe(24); // 84 / 3.5
    expect(on(android, 4, 360, 780)).toBe(24); // 96 / 4
    expect(on(android, 2, 360, 640)).toBe(24); // 60 device pixels at least, over 2.5
  });

  it('is 44 on an iPhone with a notch, 20 on an older one, 24 on an iPad', () => {
    expect(on(iphone, 3, 390, 844)).toBe(44);
    expect(on(iphone, 3, 375, 812)).toBe(44);
    expect(on(iphone, 2, 375, 667)).toBe(20);
    expect(on('Mozilla/5.0 (iPad; CPU OS 17_0 like Mac OS X) AppleWebKit/605.1.15', 2, 820, 1180)).toBe(24);
  });

  it("is the spec's default 44 on a phone neither names, none on a desktop", () => {
    expect(on('Mozilla/5.0 (Linux; HarmonyOS) Mobile', 3, 360, 780)).toBe(44);
    expect(on('Mozilla/5.0 (X11; Linux x86_64) AppleWebKit/537.36 Chrome/131.0 Safari/537.36', 1, 1440, 900)).toBe(0);
  });

  it("applies in the app's web view only", () => {
    expect(STATUS_BAR_SCENES).toEqual(['app']);
  });
});
