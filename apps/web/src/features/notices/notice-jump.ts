import { CLIENT_MESSAGES } from '@app/protocol/errors';
import { NOTICE_POSITIONS, type Notice, type NoticePosition, SDK_REFUSED_POSITIONS } from '@app/protocol/notices';
import { paths } from '../../lib/paths';

/**
 * Where tapping a notification leads (business-flows §2, positions in packages/protocol): a path, a
 * refusal the SDK says instead (productNew/info is no SDK page), or nothing for one that only informs.
 */
export function noticeJump(
  scene: string,
  notice: Pick<Notice, 'position' | 'extInfo'>,
): { to: string } | { refused: string } | null {
  if (notice.position === null) return null;
  const position = notice.position as NoticePosition;
  if (scene === 'h5sdk' && SDK_REFUSED_POSITIONS.includes(position))
    return { refused: CLIENT_MESSAGES.jumpUnsupported };
  const { commodityId, orderId, flow } = notice.extInfo;
  switch (NOTICE_POSITIONS[position]) {
    case 'presaleDetail':
      return commodityId ? { to: paths.presaleDetail(scene, commodityId) } : null;
    case 'auctionDetail':
      return commodityId ? { to: paths.auctionDetail(scene, commodityId) } : null;
    case 'productInfo':
      return commodityId ? { to: paths.detail(scene, { id: commodityId }) } : null;
    case 'bidManagement':
      return { to: flow === 2 ? paths.receivedOffers(scene) : paths.myOffers(scene) };
    case 'myCoupons':
      return { to: paths.coupons(scene) };
    case 'orderChat':
      return orderId ? { to: paths.conversation(scene, { orderId }) } : null;
  }
}
