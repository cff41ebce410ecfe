import { showModal } from '../../../lib/ui-bus';

/**
 * Every sale asks once (what is listed, at what price, that it freezes in the game); a price far
 * from the market's band asks first, on its own (修改价格 / 仍要寄售), so a slip of a digit never
 * goes through on one tap.
 */
export function confirmSale({
  far,
  content,
  onConfirm,
}: {
  far: string | null;
  content: string;
  onConfirm: () => void;
}): void {
  const confirm = () =>
    showModal({
      id: 'confirmSale',
      title: '确认寄售',
      content,
      buttons: [{ text: '再想想' }, { text: '确认寄售', primary: true, onClick: onConfirm }],
    });
  if (!far) {
    confirm();
    return;
  }
  showModal({
    id: 'farPrice',
    title: '价格与市场差距较大',
    content: `${far}。确定以此价格寄售吗？`,
    buttons: [
      { text: '修改价格', primary: true },
      { text: '仍要寄售', onClick: confirm },
    ],
  });
}
