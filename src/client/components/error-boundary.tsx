import { Component, type ErrorInfo, type ReactNode } from "react";
import { DEFAULT_SUPPORT_EMAIL } from "../../domain/brand";

interface Props {
  children: ReactNode;
  supportEmail?: string;
}
interface State {
  error: Error | null;
}

/** Spec §2 "Error fallback": Try Again resets the boundary, Reload Page reloads. */
export class ErrorBoundary extends Component<Props, State> {
  override state: State = { error: null };

  static getDerivedStateFromError(error: Error): State {
    return { error };
  }

  override componentDidCatch(error: Error, info: ErrorInfo): void {
    console.warn("Unhandled UI error", error, info.componentStack);
  }

  override render() {
    if (!this.state.error) return this.props.children;
    const email = this.props.supportEmail ?? DEFAULT_SUPPORT_EMAIL;
    return (
      <main className="flex min-h-dvh items-center justify-center p-6">
        <div role="alert" className="w-full max-w-md rounded-card border border-border bg-card p-6 shadow">
          <h1 className="text-xl font-semibold">Something went wrong</h1>
          <p className="mt-2 text-sm text-muted-foreground">
            We encountered an unexpected error. Please try refreshing the page or contact support if the problem persists.
          </p>
          <p className="mt-2 text-sm">
            <a className="text-accent underline" href={`mailto:${email}`}>
              {email}
            </a>
          </p>
          <div className="mt-4 flex gap-2">
            <button
              type="button"
              className="rounded-control bg-brand px-4 py-2 text-sm font-medium text-white"
              onClick={() => this.setState({ error: null })}
            >
              Try Again
            </button>
            <button
              type="button"
              className="rounded-control border border-border px-4 py-2 text-sm font-medium"
              onClick={() => window.location.reload()}
            >
              Reload Page
            </button>
          </div>
        </div>
      </main>
    );
  }
}
