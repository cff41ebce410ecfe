import { describe, expect, it } from 'vitest';
import { chatTitle } from './chat-title';

describe('the order chat title', () => {
  it('names the other side, and 客服 once he is in the chat', () => {
    const chat = { workbench: false, orderId: '12', withService: false };
    expect(chatTitle({ ...chat, side: 'buyer' })).toBe('与卖家沟通');
    expect(chatTitle({ ...chat, side: 'seller' })).toBe('与买家沟通');
    expect(chatTitle({ ...chat, side: 'buyer', withService: true })).toBe('与卖家、客服沟通');
    expect(chatTitle({ ...chat, side: 'seller', withService: true })).toBe('与买家、客服沟通');
    expect(chatTitle({ ...chat, side: null, withService: true })).toBe('订单聊天');
    expect(chatTitle({ ...chat, workbench: true, side: null })).toBe('客服工作台 · 订单 12');
  });
});
