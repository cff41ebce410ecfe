import { Link } from 'react-router';
import { paths } from '../../lib/paths';
import { sceneOfPath } from '../../lib/platform';

/** 暂无可用优惠券, with where coupons come from (the claimable campaigns of 我的优惠券, e.g. 新人礼包). */
export function NoCouponHint() {
  const scene = sceneOfPath(globalThis.location.pathname) ?? 'h5';
  return (
    <>
      暂无可用优惠券 ·{' '}
      <Link to={paths.coupons(scene)} className="link" data-testid="coupon-get">
        去领券
      </Link>
    </>
  );
}
