import { CLIENT_MESSAGES } from '@app/protocol/errors';
import type { Scene } from '@app/protocol/platform';
import { ChevronRight } from 'lucide-react';
import { useEffect, useState } from 'react';
import { Link, useSearchParams } from 'react-router';
import { MobileLayout } from '../../components/mobile-layout';
import { Modal } from '../../components/modal';
import { PcLayout } from '../../components/pc-layout';
import { Portal } from '../../components/portal';
import { callHost, hasHost } from '../../lib/bridge';
import { copyText } from '../../lib/copy-text';
import { listAppId } from '../../lib/list-app-id';
import { paths } from '../../lib/paths';
import { sceneOfPath } from '../../lib/platform';
import { showToast } from '../../lib/ui-bus';
import { useAppParam } from './api/get-app-param';
import { ServiceAccount } from './service-account';
import { canOpenServiceLink } from './support-logic';
import './support.css';

const FAQ = [
  {
    q: '订单遇到问题怎么办？',
    a: '在订单详情页点击「联系客服」并选择问题，客服会进入该订单的聊天，与买卖双方一起处理。',
  },
  {
    q: '拒绝收货后多久处理？',
    a: '拒绝收货后款项暂不结算，客服一般在 24 小时内核实并处理：退款给买家或确认交易完成。',
  },
  {
    q: '卖家迟迟不发货？',
    a: '买家可在订单页「催发货」提醒卖家；长时间未交付可申请客服介入，核实后全额退款。',
  },
  {
    q: '账号或设备被封禁？',
    a: '请通过下方企业微信客服提交申诉，并说明手机号与情况，客服核实后回复处理结果。',
  },
];

async function copyLink(url: string): Promise<void> {
  showToast((await copyText(url)) ? CLIENT_MESSAGES.linkCopied : '复制失败，请长按链接手动复制');
}

/** Opens the work-chat link in a new window where one can open; answers false where it cannot. */
async function openLink(scene: Scene, url: string): Promise<boolean> {
  if (hasHost()) {
    // In a game's view the host opens it in the outside browser.
    return callHost('gotoBrowser', { url }).then(
      () => true,
      () => false,
    );
  }
  if (!canOpenServiceLink(scene, globalThis.navigator?.userAgent ?? '')) return false;
  const opened = globalThis.open(url, '_blank');
  if (!opened) return false;
  opened.opener = null;
  return true;
}

function useQrSvg(url: string | undefined): string | null {
  const [svg, setSvg] = useState<string | null>(null);
  useEffect(() => {
    if (!url) return;
    let live = true;
    void import('uqr').then(({ renderSVG }) => {
      if (live) setSvg(renderSVG(url, { border: 1 }));
    });
    return () => {
      live = false;
    };
  }, [url]);
  return svg;
}

function Guide({ url, pc, onClose }: { url: string; pc: boolean; onClose: () => void }) {
  return (
    <Portal>
      <Modal
        title="请复制链接后打开"
        testId="service-guide"
        content={
          <div>
            <div>{pc ? '电脑端无法直接打开企业微信客服' : '当前环境无法直接打开客服页面'}，请按以下步骤联系客服：</div>
            <ol className="service-guide-steps">
              <li>点击下方「复制链接」</li>
              <li>{pc ? '发送到手机微信，或在手机浏览器中粘贴打开' : '打开微信或手机浏览器，粘贴并访问'}</li>
              <li>进入企业微信客服会话，描述您的问题</li>
            </ol>
          </div>
        }
        buttons={[{ text: '取消' }, { text: '复制链接', primary: true, onClick: () => void copyLink(url) }]}
        onClose={onClose}
      />
    </Portal>
  );
}

/**
 * 联系客服 (/{scene}/pages/service/service): the work-chat link of customer service with a button
 * that opens it; where a new window cannot open (the PC scenes, in-app browsers) a guide asks to
 * copy it. The PC scenes add its QR code for WeChat on a phone.
 */
export default function ServicePage() {
  const scene = (sceneOfPath(globalThis.location.pathname) ?? 'h5') as Scene;
  const pc = scene === 'web' || scene === 'webpc' || scene === 'h5pc';
  const param = useAppParam();
  const url = param.data?.customerServiceUrl;
  const [guide, setGuide] = useState(false);
  const qr = useQrSvg(pc ? url : undefined);
  const [params] = useSearchParams();
  const account = <ServiceAccount appId={listAppId(params)} pc={pc} />;

  const contact = async () => {
    if (!url) return;
    if (!(await openLink(scene, url))) setGuide(true);
  };

  const channel = (
    <div className="card service-card" data-testid="service-channel">
      <div className="service-channel">
        <div className="service-channel-icon" aria-hidden="true">
          <svg width="26" height="26" viewBox="0 0 24 24" fill="currentColor">
            <title>企业微信</title>
            <path d="M9 4C5.1 4 2 6.6 2 9.8c0 1.8 1 3.4 2.6 4.5L4 16.5l2.6-1.4c.7.2 1.5.3 2.4.3h.4a5.4 5.4 0 0 1-.2-1.4c0-3.3 3.2-5.9 7.1-5.9h.4C16 5.8 12.8 4 9 4Zm-2.5 3.4a1 1 0 1 1 0 2 1 1 0 0 1 0-2Zm5 0a1 1 0 1 1 0 2 1 1 0 0 1 0-2Zm4.3 2.2c-3.2 0-5.8 2.1-5.8 4.7S13.6 19 16.8 19c.6 0 1.2-.1 1.8-.3l2 1.1-.5-1.8c1.2-.9 1.9-2.1 1.9-3.5 0-2.6-2.6-4.9-5.2-4.9Zm-2 2.6a.8.8 0 1 1 0 1.6.8.8 0 0 1 0-1.6Zm4 0a.8.8 0 1 1 0 1.6.8.8 0 0 1 0-1.6Z" />
          </svg>
        </div>
        <div className="service-channel-main">
          <div className="service-channel-title">企业微信在线客服</div>
          <div className="service-channel-sub">交易纠纷、账号申诉、支付问题，一对一为您解答</div>
        </div>
      </div>
      <div className="service-link" data-testid="service-link">
        {url ?? (param.isError ? '客服链接获取失败，请稍后重试' : '正在获取客服链接…')}
      </div>
      <div style={{ display: 'flex', gap: 12 }}>
        <button
          type="button"
          className="btn btn-ghost btn-block"
          disabled={!url}
          onClick={() => url && void copyLink(url)}
          data-testid="service-copy"
        >
          复制链接
        </button>
        <button
          type="button"
          className="btn btn-primary btn-block"
          disabled={!url}
          onClick={() => void contact()}
          data-testid="service-open"
        >
          立即联系客服
        </button>
      </div>
    </div>
  );
  const orders = (
    <div className="card service-card">
      <div className="support-title">订单问题</div>
      <div className="muted" style={{ fontSize: 13, lineHeight: 1.6 }}>
        与某笔订单有关的问题，请在订单详情页点击「联系客服」，客服会进入该订单的聊天处理，进度可在订单页查看。
      </div>
      <Link className="support-chat-link" to={paths.orderList(scene)} data-testid="service-orders">
        <span>查看我的订单</span>
        <span>
          <ChevronRight size="1em" aria-hidden="true" />
        </span>
      </Link>
    </div>
  );
  const faq = (
    <div className="card service-card">
      <div className="support-title">常见问题</div>
      <ul className="service-faq">
        {FAQ.map((f) => (
          <li key={f.q}>
            <b>{f.q}</b>
            <span>{f.a}</span>
          </li>
        ))}
      </ul>
    </div>
  );
  const hero = (
    <div className="service-hero">
      <h1>客服中心</h1>
      <p>服务时间 每天 9:00–22:00 · 平均 3 分钟响应</p>
      <svg className="service-hero-art" viewBox="0 0 24 24" fill="currentColor" aria-hidden="true">
        <path d="M12 2a8 8 0 0 0-8 8v4a3 3 0 0 0 3 3h1v-7H6a6 6 0 0 1 12 0h-2v7h2v1a2 2 0 0 1-2 2h-3v2h3a4 4 0 0 0 4-4v-1.2A3 3 0 0 0 20 14v-4a8 8 0 0 0-8-8Z" />
      </svg>
    </div>
  );
  const popup = guide && url ? <Guide url={url} pc={pc} onClose={() => setGuide(false)} /> : null;

  if (pc)
    return (
      <PcLayout scene={scene}>
        <div className="service-pc" data-testid="service-page">
          {hero}
          <div className="service-pc-grid">
            <div>
              {channel}
              {account}
              {orders}
              {faq}
            </div>
            <div>
              <div className="card service-card service-qr-card">
                <div className="support-title">微信扫码联系客服</div>
                <div className="service-qr" data-testid="service-qr">
                  {qr ? (
                    // biome-ignore lint/security/noDangerouslySetInnerHtml: uqr's own SVG of the link
                    <div style={{ width: '100%', height: '100%' }} dangerouslySetInnerHTML={{ __html: qr }} />
                  ) : (
                    <div className="skeleton" style={{ width: '100%', height: '100%' }} />
                  )}
                </div>
                <div className="muted">使用手机微信扫一扫，添加企业微信客服</div>
              </div>
              <div className="card service-card">
                <div className="service-meta">
                  <div>
                    <b>9–22点</b>
                    <span>服务时间</span>
                  </div>
                  <div>
                    <b>3分钟</b>
                    <span>平均响应</span>
                  </div>
                  <div>
                    <b>24小时</b>
                    <span>纠纷处理</span>
                  </div>
                </div>
              </div>
            </div>
          </div>
        </div>
        {popup}
      </PcLayout>
    );
  return (
    <MobileLayout title="联系客服">
      <div data-testid="service-page">
        {hero}
        {channel}
        {account}
        {orders}
        {faq}
      </div>
      {popup}
    </MobileLayout>
  );
}
