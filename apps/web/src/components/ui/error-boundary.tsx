import { Component, type ErrorInfo, type ReactNode } from 'react';

interface Props {
  /** Rendered instead of the children once something below has thrown. */
  fallback: (props: { error: unknown; reset: () => void }) => ReactNode;
  children: ReactNode;
}

interface State {
  error: unknown;
  hasError: boolean;
}

/** Catches render errors below it (React still needs a class for this). */
export class ErrorBoundary extends Component<Props, State> {
  override state: State = { error: null, hasError: false };

  static getDerivedStateFromError(error: unknown): State {
    return { error, hasError: true };
  }

  override componentDidCatch(error: unknown, info: ErrorInfo): void {
    console.error('Darstellungsfehler', error, info.componentStack);
  }

  reset = () => this.setState({ error: null, hasError: false });

  override render() {
    if (this.state.hasError) return this.props.fallback({ error: this.state.error, reset: this.reset });
    return this.props.children;
  }
}
