/** Grey lines where content will be, so that the page does not jump when it comes. */
export function LoadingLines({ widths, className }: { widths: number[]; className: string }) {
  return (
    <div className={className}>
      <p className="visually-hidden" role="status">
        Loading…
      </p>
      {widths.map((width, index) => (
        <span key={index} className="skeleton" style={{ width: `min(${width}rem, 90%)` }} />
      ))}
    </div>
  );
}
