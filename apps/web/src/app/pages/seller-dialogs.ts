import type { SellerDialogs } from '../../features/consignment/sell/seller-gate';
import { RealNameDialog } from '../../features/identity/real-name-dialog';
import { BindPhoneDialog } from '../../features/user/bind-phone-dialog';

/** The selling prerequisites other domains own: the bound phone (user) and the real name (identity). */
export const sellerDialogs: SellerDialogs = { BindPhoneDialog, RealNameDialog };
