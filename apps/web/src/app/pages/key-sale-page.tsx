import ConsignmentKeySalePage from '../../features/consignment/key/key-sale-page';
import { sellerDialogs } from './seller-dialogs';

/** The consignment-key sale (consignment) behind the seller gate's phone and real-name dialogs. */
export default function KeySalePage() {
  return <ConsignmentKeySalePage sellerDialogs={sellerDialogs} />;
}
