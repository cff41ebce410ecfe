import ConsignmentConsignPage from '../../features/consignment/sell/consign-page';
import { sellerDialogs } from './seller-dialogs';

/** The consign page (consignment) behind the seller gate's phone and real-name dialogs. */
export default function ConsignPage() {
  return <ConsignmentConsignPage sellerDialogs={sellerDialogs} />;
}
