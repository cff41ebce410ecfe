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
