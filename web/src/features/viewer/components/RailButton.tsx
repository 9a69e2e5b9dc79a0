import { type ReactNode, useId } from 'react';
import { cx } from '@/ui/cx';

/**
 * One round button of the viewer's right-hand rail, with an optional caption under it (a count,
 * read with the button). A toggle keeps its name and says its state with `pressed`.
 */
export function RailButton({
  label,
  onClick,
  children,
  caption,
  pressed,
  disabled,
  tone,
  testId,
  ...aria
}: {
  label: string;
  onClick: () => void;
  children: ReactNode;
  caption?: string;
  pressed?: boolean;
  disabled?: boolean;
  tone?: 'like' | 'star';
  testId?: string;
  'aria-haspopup'?: 'menu';
  'aria-expanded'?: boolean;
}) {
  const captionId = useId();
  return (
    <div className="flex flex-col items-center gap-0.5">
      <button
        type="button"
        onClick={onClick}
        aria-label={label}
        title={label}
        aria-pressed={pressed}
        aria-describedby={caption !== undefined ? captionId : undefined}
        aria-disabled={disabled || undefined}
        data-testid={testId}
        {...aria}
        className={cx(
          'inline-flex h-12 w-12 items-center justify-center rounded-full bg-black/35 shadow-lg backdrop-blur-md transition active:scale-90 hover:bg-black/50',
          tone === 'like' && pressed ? 'text-[#ff4d7a]' : tone === 'star' && pressed ? 'text-[#ffc83d]' : 'text-white',
          disabled && 'opacity-70',
        )}
      >
        {children}
      </button>
      {caption !== undefined && (
        <span id={captionId} className="min-w-8 text-center text-xs font-semibold text-white [text-shadow:0_1px_3px_rgb(0_0_0/70%)]" data-testid={testId ? `${testId}-count` : undefined}>
          {caption}
        </span>
      )}
    </div>
  );
}
