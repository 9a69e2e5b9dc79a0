import { forwardRef, useState } from 'react';
import { useTranslation } from '@/i18n';
import { TextField, type TextFieldProps } from '@/ui/Field';
import { EyeIcon, EyeOffIcon } from '@/ui/icons-more';

export interface PasswordInputProps extends Omit<TextFieldProps, 'type'> {
  /** show the text (controlled from outside, e.g. after generating a password) */
  visible?: boolean;
  onVisibleChange?: (visible: boolean) => void;
}

/** A password field with a show/hide button. */
export const PasswordInput = forwardRef<HTMLInputElement, PasswordInputProps>(function PasswordInput(
  { visible, onVisibleChange, ...rest },
  ref,
) {
  const { t } = useTranslation('auth');
  const [own, setOwn] = useState(false);
  const shown = visible ?? own;
  const toggle = () => (onVisibleChange ? onVisibleChange(!shown) : setOwn(!shown));
  return (
    <TextField
      ref={ref}
      type={shown ? 'text' : 'password'}
      autoCapitalize="off"
      autoCorrect="off"
      spellCheck={false}
      trailing={
        <button
          type="button"
          onClick={toggle}
          aria-label={shown ? t('password.hide') : t('password.show')}
          aria-pressed={shown}
          title={shown ? t('password.hide') : t('password.show')}
          className="inline-flex h-9 w-9 items-center justify-center rounded-lg text-muted transition-colors hover:bg-surface-2 hover:text-text"
        >
          {shown ? <EyeOffIcon size={19} /> : <EyeIcon size={19} />}
        </button>
      }
      {...rest}
    />
  );
});
