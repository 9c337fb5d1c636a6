/** What the first page load shows until the app has its data: the shape of a page, in grey. */
export function PageSkeleton() {
  return (
    <div className="page-skeleton">
      <p className="visually-hidden" role="status">
        Loading…
      </p>
      <span className="skeleton skeleton-title" />
      {[30, 26, 28, 18].map((width, index) => (
        <span key={index} className="skeleton" style={{ width: `min(${width}rem, 90%)` }} />
      ))}
    </div>
  );
}
