import { describe, expect, it } from 'vitest';
import { decideLink, REFUSE_JUMP, REFUSE_OTHER_APP } from './link-decision';

const h5 = { scene: 'h5' as const, currentAppId: 'demo-legend', origin: 'https://m.example.com' };
const sdk = { ...h5, scene: 'h5sdk' as const };

describe('banner and popup links', () => {
  it('does nothing for type 3 or an empty link', () => {
    expect(decideLink({ hyperlink: '/pages/my/index', hyperlinkType: 3 }, h5)).toEqual({ kind: 'none' });
    expect(decideLink({ hyperlink: ' ', hyperlinkType: 1 }, h5)).toEqual({ kind: 'none' });
  });

  it('navigates within the scene for in-app paths (type 1 is the default)', () => {
    expect(decideLink({ hyperlink: '/pages/gameLobby/index' }, h5)).toEqual({
      kind: 'navigate',
      to: '/h5/pages/gameLobby/index',
    });
    expect(decideLink({ hyperlink: '/web/pages/popularGame/index', hyperlinkType: 1 }, h5)).toEqual({
      kind: 'navigate',
      to: '/h5/pages/popularGame/index',
    });
    expect(decideLink({ hyperlink: '/{scene}/pages/recommendGame/index' }, { ...h5, scene: 'app' })).toEqual({
      kind: 'navigate',
      to: '/app/pages/recommendGame/index',
    });
    expect(decideLink({ hyperlink: 'https://m.example.com/h5/pages/my/index?x=1' }, h5)).toEqual({
      kind: 'navigate',
      to: '/h5/pages/my/index?x=1',
    });
  });

  it('opens http links of type 1 in the banner web view with bannerName, hyperlink and popup', () => {
    const action = decideLink(
      { hyperlink: 'https://news.example.com/a?b=1', hyperlinkType: 1, bannerName: '安全交易', popup: true },
      h5,
    );
    expect(action.kind).toBe('navigate');
    const to = action.kind === 'navigate' ? action.to : '';
    const [path, query] = to.split('?');
    expect(path).toBe('/h5/pages/webViewImage/webViewImage');
    const q = new URLSearchParams(query);
    expect(q.get('bannerName')).toBe('安全交易');
    expect(q.get('hyperlink')).toBe('https://news.example.com/a?b=1');
    expect(q.get('popup')).toBe('1');
  });

  it('opens type 2 in the external browser: bridge in app and SDK, window elsewhere', () => {
    const link = { hyperlink: 'https://x.example.com', hyperlinkType: 2 };
    expect(decideLink(link, h5)).toEqual({ kind: 'browser', url: 'https://x.example.com', via: 'window' });
    expect(decideLink(link, { ...h5, scene: 'web' })).toMatchObject({ via: 'window' });
    expect(decideLink(link, { ...h5, scene: 'app' })).toMatchObject({ via: 'bridge' });
    expect(decideLink(link, sdk)).toMatchObject({ via: 'bridge' });
    expect(decideLink({ hyperlink: '/pages/my/index', hyperlinkType: 2 }, h5)).toEqual({
      kind: 'browser',
      url: 'https://m.example.com/h5/pages/my/index',
      via: 'window',
    });
  });

  it('refuses in the SDK: moneyMaking / productNew info pages, tagType 2, other games', () => {
    expect(decideLink({ hyperlink: '/pages/moneyMaking/info?id=1' }, sdk)).toEqual({
      kind: 'refuse',
      message: REFUSE_JUMP,
    });
    expect(decideLink({ hyperlink: '/h5/pages/productNew/info?ct=0&id=2' }, sdk)).toEqual({
      kind: 'refuse',
      message: REFUSE_JUMP,
    });
    expect(decideLink({ hyperlink: '/pages/gameLobby/index', tagType: 2 }, sdk)).toEqual({
      kind: 'refuse',
      message: REFUSE_JUMP,
    });
    expect(decideLink({ hyperlink: '/pages/commodityList/list', applicationId: 'demo-sanguo' }, sdk)).toEqual({
      kind: 'refuse',
      message: REFUSE_OTHER_APP,
    });
    expect(decideLink({ hyperlink: '/pages/commodityList/list?applicationId=demo-xianxia' }, sdk)).toEqual({
      kind: 'refuse',
      message: REFUSE_OTHER_APP,
    });
    expect(decideLink({ hyperlink: '/pages/commodityList/list', applicationId: 'demo-legend' }, sdk)).toEqual({
      kind: 'navigate',
      to: '/h5sdk/pages/commodityList/list',
    });
  });

  it('lets the other scenes open what the SDK refuses', () => {
    expect(decideLink({ hyperlink: '/pages/productNew/info?id=2', tagType: 2, applicationId: 'x' }, h5)).toEqual({
      kind: 'navigate',
      to: '/h5/pages/productNew/info?id=2',
    });
  });
});
