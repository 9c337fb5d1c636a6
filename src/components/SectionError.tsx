import { Component, type ReactNode } from 'react';

interface SectionErrorProps {
  what: string;
  error: unknown;
  onRetry?: () => void;
}

/** One section failed: say so in place, offer a retry, and leave the rest of the page alone. */
export function SectionError({ what, error, onRetry }: SectionErrorProps) {
  const message = error instanceof Error ? error.message : 'Something went wrong.';
  return (
    <div className="section-error" role="alert">
      <span>
        Could not load {what}: {message}
      </span>
      {onRetry && (
        <button type="button" onClick={onRetry}>
          Retry
        </button>
      )}
    </div>
  );
}

interface BoundaryProps {
  what: string;
  children: ReactNode;
}

/** Catches a section's rendering failure so that it breaks that section, not the page. */
export class SectionBoundary extends Component<BoundaryProps, { error: unknown }> {
  override state = { error: undefined as unknown };

  static getDerivedStateFromError(error: unknown) {
    return { error };
  }

  override render() {
    if (this.state.error === undefined) return this.props.children;
    return (
      <SectionError
        what={this.props.what}
        error={this.state.error}
        onRetry={() => this.setState({ error: undefined })}
      />
    );
  }
}
