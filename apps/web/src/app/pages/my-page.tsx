import { RealNameDialog } from '../../features/identity/real-name-dialog';
import UserMyPage from '../../features/user/my-page';

/** The user centre (user) whose 我要卖 opens the identity domain's real-name dialog. */
export default function MyPage() {
  return <UserMyPage RealNameDialog={RealNameDialog} />;
}
