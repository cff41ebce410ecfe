import type { ReactNode } from 'react';
import { Link } from 'react-router';
import { type PageName, pagePath } from '../lib/paths';
import { useSessionUser } from '../lib/queries/get-session-user';
import { UnreadBadge } from './unread-badge';

interface MenuEntry {
  page: PageName;
  label: string;
  badge?: boolean;
}

/** The account area's left menu, in groups (藏宝阁-style 用户中心). */
const MENU: ReadonlyArray<{ group: string; entries: readonly MenuEntry[] }> = [
  {
    group: '我的交易',
    entries: [
      { page: 'orderList', label: '我的订单' },
      { page: 'shelf', label: '我的货架' },
      { page: 'myOffers', label: '我的还价/出价' },
      { page: 'receivedOffers', label: '收到的还价/出价' },
      { page: 'bidManage', label: '竞拍管理' },
      { page: 'collections', label: '我的收藏' },
      { page: 'manualPresale', label: '手动预售' },
      { page: 'merchantCenter', label: '商人中心' },
    ],
  },
  {
    group: '我的资产',
    entries: [
      { page: 'withdraw', label: '余额与提现' },
      { page: 'walletStatement', label: '资金明细' },
      { page: 'coupons', label: '优惠券' },
    ],
  },
  {
    group: '账户',
    entries: [
      { page: 'userCenter', label: '个人中心' },
      { page: 'messages', label: '消息', badge: true },
      { page: 'realNameStatus', label: '实名认证' },
      { page: 'payPassword', label: '支付密码' },
      { page: 'service', label: '联系客服' },
    ],
  },
];

/** Pages of the account area and the menu entry each lights up. */
const ACCOUNT_PAGES: Partial<Record<PageName, PageName>> = {
  orderList: 'orderList',
  orderDetail: 'orderList',
  shelf: 'shelf',
  retrieveRole: 'shelf',
  presaleDetail: 'shelf',
  manualPresale: 'manualPresale',
  myOffers: 'myOffers',
  receivedOffers: 'receivedOffers',
  bidManage: 'bidManage',
  merchantCenter: 'merchantCenter',
  merchantApply: 'merchantCenter',
  brokerOrders: 'orderList',
  brokerOrderDetail: 'orderList',
  collections: 'collections',
  withdraw: 'withdraw',
  walletStatement: 'walletStatement',
  payPassword: 'payPassword',
  coupons: 'coupons',
  userCenter: 'userCenter',
  my: 'userCenter',
  messages: 'messages',
  realNameStatus: 'realNameStatus',
  realName: 'realNameStatus',
  service: 'service',
};

/** The menu entry a page belongs to, or null when the page is not in the account area. */
export const accountEntryOf = (page: PageName | null): PageName | null => (page ? (ACCOUNT_PAGES[page] ?? null) : null);

/** The desktop account area: the user and the menu on the left, the page on the right. */
export function PcAccountLayout({ scene, active, children }: { scene: string; active: PageName; children: ReactNode }) {
  const { data: user } = useSessionUser();
  return (
    <div className="pc-account" data-testid="pc-account">
      <aside className="pc-account-side">
        <div className="pc-account-user">
          <span className="pc-avatar pc-avatar-lg" aria-hidden="true">
            {user?.avatar ? <img src={user.avatar} alt="" /> : (user?.nickname?.slice(0, 1) ?? '游')}
          </span>
          <div>
            <div className="pc-account-name">{user?.nickname ?? '未登录'}</div>
            <div className="muted">{user?.mobile || ''}</div>
          </div>
        </div>
        <nav className="pc-account-menu" data-testid="pc-account-menu">
          {MENU.map((group) => (
            <div key={group.group}>
              <div className="pc-account-group">{group.group}</div>
              {group.entries.map((entry) => (
                <Link
                  key={entry.page}
                  to={pagePath(scene, entry.page)}
                  className={entry.page === active ? 'active' : undefined}
                  aria-current={entry.page === active ? 'page' : undefined}
                  data-testid={`pc-menu-${entry.page}`}
                >
                  {entry.label}
                  {entry.badge ? <UnreadBadge className="pc-nav-badge" /> : null}
                </Link>
              ))}
            </div>
          ))}
        </nav>
      </aside>
      <section className="pc-account-body">{children}</section>
    </div>
  );
}
