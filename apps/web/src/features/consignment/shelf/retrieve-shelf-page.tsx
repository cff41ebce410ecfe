import ShelfPage from './shelf-page';

/** The retrieve shelf (getBackRole): the shelf opened on 已下架, where 取回 lives. */
export default function RetrieveShelfPage() {
  return <ShelfPage retrieve />;
}
