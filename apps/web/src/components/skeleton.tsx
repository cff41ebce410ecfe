/** Skeleton loaders shown while the home or a chat loads. */
export function HomeSkeleton() {
  return (
    <div data-testid="home-skeleton" style={{ padding: 12 }}>
      <div className="skeleton" style={{ height: 140, marginBottom: 12 }} />
      <div style={{ display: 'flex', gap: 12, marginBottom: 12 }}>
        {[0, 1, 2, 3].map((i) => (
          <div key={i} className="skeleton" style={{ flex: 1, height: 64 }} />
        ))}
      </div>
      {[0, 1, 2].map((i) => (
        <div key={i} className="skeleton" style={{ height: 96, marginBottom: 10 }} />
      ))}
    </div>
  );
}

export function ChatSkeleton() {
  return (
    <div data-testid="chat-skeleton" style={{ padding: 12 }}>
      {[0, 1, 2, 3].map((i) => (
        <div
          key={i}
          style={{ display: 'flex', gap: 8, marginBottom: 14, flexDirection: i % 2 ? 'row-reverse' : 'row' }}
        >
          <div className="skeleton" style={{ width: 36, height: 36, borderRadius: '50%' }} />
          <div className="skeleton" style={{ width: `${40 + i * 10}%`, height: 40 }} />
        </div>
      ))}
    </div>
  );
}
