import type { BrokerListingDetail } from '@app/protocol/calls/broker';
import { Star } from 'lucide-react';
import { useNavigate } from 'react-router';
import { copy } from '../../lib/copy';
import { paths } from '../../lib/paths';
import { storage } from '../../lib/storage';
import { showToast } from '../../lib/ui-bus';
import { useCollectBrokerListing } from './api/collect-broker-listing';

const t = copy.commodity;

/** 收藏 / 已收藏 of a broker listing (a 44 px target); logged-out users go to login first. */
export function BrokerCollectButton({ scene, listing }: { scene: string; listing: BrokerListingDetail }) {
  const navigate = useNavigate();
  const collect = useCollectBrokerListing();
  return (
    <button
      type="button"
      className={`broker-collect${listing.collected ? ' on' : ''}`}
      aria-pressed={listing.collected}
      data-testid="broker-collect-toggle"
      disabled={collect.isPending}
      onClick={() => {
        if (!storage.get('token')) return navigate(paths.login(scene));
        collect.mutate(
          { commodityId: listing.commodityId, collect: listing.collected ? 0 : 1 },
          { onSuccess: (r) => showToast(r.collected ? t.collectDone : t.uncollectDone) },
        );
      }}
    >
      <Star size={18} fill={listing.collected ? 'currentColor' : 'none'} aria-hidden="true" />
      {listing.collected ? t.collected : t.collect}
    </button>
  );
}
