import { Component, type ErrorInfo, type ReactNode } from 'react';
import { useTranslation } from 'react-i18next';
import { reportClientError } from '#client/lib/report-error.ts';

/** Spec 01-core §2 "Error screen": 'Oops! Etwas ist schief gelaufen', retry and home. */
export function ErrorScreen({ onRetry }: { onRetry: () => void }) {
  const { t } = useTranslation();
  return (
    <div role="alert" className="flex min-h-full items-center justify-center p-6">
      <div className="card max-w-md text-center">
        <h1 className="mb-3 text-2xl font-bold">{t('errorScreen.title')}</h1>
        <p className="mb-6 text-muted">{t('errorScreen.text')}</p>
        <div className="flex flex-wrap justify-center gap-3">
          <button type="button" className="btn-primary" onClick={onRetry}>
            {t('errorScreen.retry')}
          </button>
          {/* A full load: the broken tree may have left state behind. */}
          <a href="/" className="btn-outline">
            {t('errorScreen.home')}
          </a>
        </div>
      </div>
    </div>
  );
}

interface Props {
  children: ReactNode;
  /** A new value (e.g. the path) clears the error. */
  resetKey?: string;
}
interface State {
  error: Error | null;
  resetKey?: string;
}

/** Catches render errors, reports them once and shows the error screen. */
export class ErrorBoundary extends Component<Props, State> {
  override state: State = { error: null, resetKey: this.props.resetKey };

  static getDerivedStateFromError(error: Error): Partial<State> {
    return { error };
  }

  static getDerivedStateFromProps(props: Props, state: State): Partial<State> | null {
    if (props.resetKey !== state.resetKey) return { error: null, resetKey: props.resetKey };
    return null;
  }

  override componentDidCatch(error: Error, info: ErrorInfo) {
    void reportClientError(error, info.componentStack);
  }

  override render() {
    if (this.state.error) {
      return <ErrorScreen onRetry={() => this.setState({ error: null })} />;
    }
    return this.props.children;
  }
}
