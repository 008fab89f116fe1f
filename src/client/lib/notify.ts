import { i18n } from '#client/lib/i18n.ts';
import { classifyError, isDestructiveKind, type ErrorKind } from '#client/lib/errors.ts';
import { showToast, SUCCESS_DURATION_MS } from '#client/components/ui/toast-store.ts';

/** Spec 01-core §8 "Toast titles by kind"; the texts live in common.json under errorTitle. */
const TITLE_KEY: Record<ErrorKind, string> = {
  timeout: 'errorTitle.timeout',
  network: 'errorTitle.network',
  authentication: 'errorTitle.authentication',
  permission: 'errorTitle.permission',
  rateLimit: 'errorTitle.rateLimit',
  quota: 'errorTitle.quota',
  aiService: 'errorTitle.aiService',
  validation: 'errorTitle.validation',
  server: 'errorTitle.server',
  client: 'errorTitle.default',
  unknown: 'errorTitle.default',
};

/** An error toast titled by its kind; the text is the server's message or the code's message. */
export function notifyError(error: unknown, description?: string) {
  const classified = classifyError(error);
  showToast({
    title: i18n.t(TITLE_KEY[classified.kind]),
    description: description ?? (classified.message || i18n.t(`errorCode.${classified.code}`)),
    variant: isDestructiveKind(classified.kind) ? 'destructive' : 'default',
  });
}

export function notifySuccess(description: string, title = i18n.t('toast.successTitle')) {
  showToast({ title, description, duration: SUCCESS_DURATION_MS });
}
