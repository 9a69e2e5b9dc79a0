import type { ReactNode } from 'react';
import { Button } from './Button';

export function EmptyState({ icon, title, text, action }: { icon?: ReactNode; title: string; text?: ReactNode; action?: ReactNode }) {
  return (
    <div className="mx-auto flex max-w-sm flex-col items-center gap-3 px-6 py-14 text-center">
      {icon && <div className="text-5xl text-primary" aria-hidden="true">{icon}</div>}
      <h2 className="text-lg font-semibold">{title}</h2>
      {text && <div className="text-sm leading-relaxed text-muted">{text}</div>}
      {action}
    </div>
  );
}

export function ErrorState({ title, detail, onRetry, retryLabel }: { title: string; detail?: string; onRetry?: () => void; retryLabel?: string }) {
  return (
    <div role="alert" className="mx-auto flex max-w-sm flex-col items-center gap-3 px-6 py-14 text-center">
      <div className="text-4xl" aria-hidden="true">⚠️</div>
      <h2 className="text-lg font-semibold">{title}</h2>
      {detail && <p className="text-sm text-muted break-words">{detail}</p>}
      {onRetry && (
        <Button variant="secondary" onClick={onRetry}>
          {retryLabel ?? 'Retry'}
        </Button>
      )}
    </div>
  );
}
