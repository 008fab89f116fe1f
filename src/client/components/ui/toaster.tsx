import * as Toast from '@radix-ui/react-toast';
import { X } from 'lucide-react';
import { createPortal } from 'react-dom';
import { useTranslation } from 'react-i18next';
import { useTopModal } from '#client/components/ui/open-modals.ts';
import { dismissToast, TOAST_DURATION_MS, useToasts } from '#client/components/ui/toast-store.ts';

/**
 * The toast area (spec 01-core §9): swipe right past 50 px to dismiss, F8 focuses it.
 * While a modal dialog is open the area is rendered inside it: outside, a toast (the persona
 * form's "fill in the required fields", a failed save) would sit under the dialog's backdrop,
 * dimmed and inert, its close button out of reach.
 */
export function Toaster() {
  const { t } = useTranslation();
  const toasts = useToasts();
  const modal = useTopModal();
  const viewport = (
    <Toast.Viewport className="toast-viewport" hotkey={['F8']} label={t('toast.viewportLabel')} />
  );
  return (
    <Toast.Provider
      duration={TOAST_DURATION_MS}
      swipeDirection="right"
      swipeThreshold={50}
      label={t('toast.areaLabel')}
    >
      {toasts.map((toast) => (
        <Toast.Root
          key={toast.id}
          open={toast.open}
          onOpenChange={(open) => {
            if (!open) dismissToast(toast.id);
          }}
          duration={toast.duration ?? TOAST_DURATION_MS}
          type={toast.variant === 'destructive' ? 'foreground' : 'background'}
          className={`toast ${toast.variant === 'destructive' ? 'toast--destructive' : ''}`}
        >
          <div className="min-w-0 flex-1">
            <Toast.Title className="font-semibold">{toast.title}</Toast.Title>
            {toast.description ? (
              <Toast.Description className="mt-1 text-sm opacity-90">
                {toast.description}
              </Toast.Description>
            ) : null}
          </div>
          <Toast.Close className="toast__close" aria-label={t('toast.close')}>
            <X size={16} aria-hidden="true" />
          </Toast.Close>
        </Toast.Root>
      ))}
      {modal ? createPortal(viewport, modal) : viewport}
    </Toast.Provider>
  );
}
