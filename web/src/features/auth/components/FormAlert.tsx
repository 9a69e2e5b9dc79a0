import type { ReactNode } from 'react';
import { AlertIcon } from '@/ui/icons';

/** A form-level error above the fields, announced when it appears. */
export function FormAlert({ children }: { children: ReactNode }) {
  return (
    <div role="alert" className="flex animate-pop-in items-start gap-2.5 rounded-xl bg-danger/10 px-3.5 py-3 text-sm font-medium text-danger">
      <AlertIcon size={18} className="mt-px shrink-0" />
      <span>{children}</span>
    </div>
  );
}
