import { describe, expect, it } from 'vitest';
import { workbenchChatUrl } from './workbench-url';

describe('the workbench address', () => {
  it('names the group and the request, never the chat login', () => {
    const url = workbenchChatUrl(
      { groupId: 'g42', login: { account: 'cs:7', token: 'secret-chat-token-123' } } as never,
      { orderId: '9', requestId: '3' },
    );
    const query = new URLSearchParams(url.split('?')[1]);
    expect(Object.fromEntries(query)).toEqual({ groupId: 'g42', orderId: '9', requestId: '3' });
    expect(url).not.toContain('secret-chat-token-123');
    expect(url).not.toContain('cs:7');
  });
});
