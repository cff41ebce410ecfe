import { ChevronRight } from 'lucide-react';
import { useState } from 'react';
import { Link } from 'react-router';
import { MobileLayout } from '../../components/mobile-layout';
import { PcLayout } from '../../components/pc-layout';
import { isPcPage } from '../../components/pc-page-frame';
import { HomeSkeleton } from '../../components/skeleton';
import { hasTabBar } from '../../components/tab-bar';
import { UnreadBadge } from '../../components/unread-badge';
import { copy } from '../../lib/copy';
import { paths, SCENE_PAGES } from '../../lib/paths';
import { sceneOfPath } from '../../lib/platform';
import { gameInView } from './api/game-phone-login';
import { useUserInfo } from './api/get-user-info';
import './account.css';
import { useLogout } from './api/logout';
import { BindPhoneDialog } from './bind-phone-dialog';
import { type RealNameDialogSlot, SellEntry } from './sell-entry';

/** My page: the user's masked profile, or the way to log in. */

/** A row of 我的 that opens a page: the name on the left, a hint and › on the right. */
function EntryLink({
  to,
  label,
  hint,
  badge,
  testId,
}: {
  to: string;
  label: string;
  hint?: string;
  /** Shows the unread count of chats and notifications. */
  badge?: boolean;
  testId: string;
}) {
  return (
    <Link to={to} style={{ display: 'flex', justifyContent: 'space-between', marginTop: 16 }} data-testid={testId}>
      <span>
        {label}
        {badge ? <UnreadBadge className="entry-badge" /> : null}
      </span>
      <span className="muted">
        {hint}
        <ChevronRight size="1em" aria-hidden="true" />
      </span>
    </Link>
  );
}

export default function MyPage({ RealNameDialog }: { RealNameDialog: RealNameDialogSlot }) {
  const scene = sceneOfPath(globalThis.location.pathname) ?? 'h5';
  const { data, isLoading } = useUserInfo();
  const logout = useLogout();
  const loggedIn = Boolean(data);
  const [linking, setLinking] = useState(false);
  // Inside the game, a game login without a phone: the way to the account he has on the web.
  const canLink = loggedIn && !data?.mobile && gameInView() !== null;
  const body = (
    <div className="my-page" data-testid="my-page">
      <div
        className="card"
        style={{
          padding: 20,
          display: 'flex',
          alignItems: 'center',
          gap: 16,
          background: 'var(--grad-hero)',
          color: '#fff',
        }}
      >
        <div
          style={{
            width: 56,
            height: 56,
            borderRadius: '50%',
            background: 'rgba(255,255,255,.25)',
            display: 'flex',
            alignItems: 'center',
            justifyContent: 'center',
            fontSize: 24,
          }}
        >
          {data?.nickname?.slice(0, 1) ?? '游'}
        </div>
        {loggedIn ? (
          <div>
            <div style={{ fontSize: 18, fontWeight: 700 }} data-testid="my-nickname">
              {data?.nickname ?? copy.loading}
            </div>
            <div style={{ opacity: 0.85, fontSize: 13, marginTop: 4 }}>
              {data
                ? `${data.mobile || '未绑定手机'} · ${data.hasAuthentication === '1' ? copy.verified : copy.notVerified}`
                : ''}
            </div>
          </div>
        ) : (
          <Link
            to={paths.login(scene, globalThis.location.pathname)}
            style={{ fontSize: 18, fontWeight: 700 }}
            data-testid="my-login"
          >
            {copy.login} / 注册
          </Link>
        )}
      </div>
      {isLoading ? <HomeSkeleton /> : null}
      {canLink ? (
        <button
          type="button"
          className="card"
          style={{
            marginTop: 12,
            padding: 16,
            width: '100%',
            display: 'flex',
            justifyContent: 'space-between',
            textAlign: 'left',
          }}
          onClick={() => setLinking(true)}
          data-testid="my-game-link-entry"
        >
          <span>已有交易平台账号？用手机号登录</span>
          <span className="muted">
            关联本游戏账号
            <ChevronRight size="1em" aria-hidden="true" />
          </span>
        </button>
      ) : null}
      {linking ? (
        <BindPhoneDialog desktop={false} login onClose={() => setLinking(false)} onBound={() => setLinking(false)} />
      ) : null}
      {loggedIn && data ? (
        <div className="card" style={{ marginTop: 12, padding: 16 }}>
          <Link
            to={paths.realNameStatus(scene)}
            style={{ display: 'flex', justifyContent: 'space-between' }}
            data-testid="my-real-name"
          >
            <span>实名认证</span>
            <span className="muted">
              {data.hasAuthentication === '1' ? copy.verified : copy.notVerified}
              <ChevronRight size="1em" aria-hidden="true" />
            </span>
          </Link>
          <SellEntry scene={scene} RealNameDialog={RealNameDialog} />
          <EntryLink
            to={scene === 'h5sdk' ? SCENE_PAGES.sdkShelf : paths.shelf(scene)}
            label="我的货架"
            hint="在售、已下架、取回"
            testId="my-shelf-entry"
          />
          <EntryLink to={paths.messages(scene)} label="消息" badge testId="my-messages-entry" />
          <EntryLink to={paths.orderList(scene)} label="我的订单" testId="my-orders-entry" />
          <EntryLink to={paths.myOffers(scene)} label="我的还价/出价" testId="my-offers-entry" />
          <EntryLink to={paths.receivedOffers(scene)} label="收到的还价/出价" testId="my-received-offers-entry" />
          <EntryLink to={paths.bidManage(scene)} label="竞拍管理" testId="my-bids-entry" />
          <EntryLink to={paths.preBuyKey(scene)} label="输入预购码" testId="my-pre-buy-key-entry" />
          <EntryLink
            to={paths.merchantCenter(scene)}
            label="商人中心"
            hint="商人入驻、发布游戏币"
            testId="my-merchant-entry"
          />
          <EntryLink to={paths.withdraw(scene)} label="余额与提现" testId="my-withdraw-entry" />
          <EntryLink
            to={paths.walletStatement(scene)}
            label="资金明细"
            hint="收支、待入账"
            testId="my-statement-entry"
          />
          <EntryLink to={paths.coupons(scene)} label="我的优惠券" testId="my-coupon-entry" />
          {scene === 'h5sdk' ? null : (
            <EntryLink
              to={paths.manualPresale(scene)}
              label="手动预售"
              hint="游戏外出售角色"
              testId="my-presale-entry"
            />
          )}
          <EntryLink to={paths.collections(scene)} label="我的收藏" testId="my-collect-entry" />
          {scene === 'h5sdk' ? (
            <EntryLink
              to={SCENE_PAGES.sdkKeyGuide}
              label="获取寄售码"
              hint="游戏外寄售角色"
              testId="my-key-guide-entry"
            />
          ) : null}
          <EntryLink to={paths.service(scene)} label="联系客服" hint="交易纠纷、账号申诉" testId="my-service-entry" />
        </div>
      ) : null}
      {isLoading ? null : (
        <div className="card" style={{ marginTop: 12, padding: '0 16px 16px', display: 'flow-root' }}>
          {loggedIn ? <EntryLink to={paths.feedback(scene)} label="意见反馈" testId="my-feedback-entry" /> : null}
          <EntryLink to={paths.faq(scene)} label="常见问题" testId="my-faq-entry" />
          <EntryLink
            to={paths.settings(scene)}
            label="设置"
            hint={loggedIn ? '消息推送、账号与安全、协议' : '协议与隐私'}
            testId="my-settings-entry"
          />
        </div>
      )}
      {loggedIn && data ? (
        <button
          type="button"
          className="btn btn-ghost btn-block"
          style={{ marginTop: 24 }}
          data-testid="logout"
          disabled={logout.isPending}
          onClick={() =>
            logout.mutate(undefined, {
              // The SDK's home is its list (its own game's); the shared home would show any game's popup.
              onSettled: () => globalThis.location.assign(paths.sceneHome(scene)),
            })
          }
        >
          {copy.logout}
        </button>
      ) : null}
    </div>
  );
  if (isPcPage(scene)) return <PcLayout scene={scene}>{body}</PcLayout>;
  return (
    <MobileLayout title={copy.myPage} back={!hasTabBar(scene)} tabBar={hasTabBar(scene)}>
      {body}
    </MobileLayout>
  );
}
