import { useId } from 'react';
import { Button } from '@/ui/Button';

/**
 * The wizard's draft from an earlier visit, offered in the page (not a dialog over it): continue
 * it or start over. Announced politely when it appears; the wizard keeps its focus.
 */
export function DraftOfferBanner({ text, continueLabel, discardLabel, onContinue, onDiscard }: {
  text: string;
  continueLabel: string;
  discardLabel: string;
  onContinue: () => void;
  onDiscard: () => void;
}) {
  const id = useId();
  return (
    <section
      aria-labelledby={id}
      aria-live="polite"
      className="mb-3 flex flex-wrap items-center justify-between gap-x-3 gap-y-2 rounded-2xl bg-accent-soft px-4 py-2.5 text-sm text-accent-strong"
      data-testid="draft-offer"
    >
      <p id={id} className="min-w-0 font-semibold">
        {text}
      </p>
      <div className="flex shrink-0 gap-2">
        <Button size="sm" variant="ghost" onClick={onDiscard}>
          {discardLabel}
        </Button>
        <Button size="sm" onClick={onContinue}>
          {continueLabel}
        </Button>
      </div>
    </section>
  );
}
