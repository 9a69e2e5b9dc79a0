import { displayName } from '@otkrytka/contract/rules/auth';
import { greetingDefaults } from '@otkrytka/contract/rules/greetings';
import { useSession } from '@/features/auth/session';
import { useTranslation } from '@/i18n';

/**
 * The signature of a greeting sent with «От кого» left empty: the sender's display name, as the
 * server signs it (the default signature only for an account without any name).
 */
export function useSenderName(): string {
  const { user } = useSession();
  const { i18n } = useTranslation('greetings');
  return (user && displayName(user)) || greetingDefaults(i18n.language).fromWhom;
}

/** Under the «От кого» field: what an empty field signs the greeting with. */
export function SenderHint({ id }: { id: string }) {
  const { t } = useTranslation('greetings');
  const name = useSenderName();
  return (
    <p id={id} className="text-xs leading-snug text-muted" data-testid="wizard-from-hint">
      {t('wizard.fromHint', { name })}
    </p>
  );
}
