import { type ReactNode, Suspense, useId } from 'react';
import { Link } from '@/router';
import { useLogoutAction } from '@/app/shell/useLogoutAction';
import { UserCard } from '@/app/shell/UserCard';
import { useTranslation } from '@/i18n';
import { useTelegram } from '@/telegram';
import { Button } from '@/ui/Button';
import { LoginIcon, LogoutIcon, MoonIcon, SunIcon, UserIcon } from '@/ui/icons';
import { ChevronRightIcon, ClockIcon, DocumentIcon, GlobeIcon, VolumeIcon } from '@/ui/icons-more';
import { Page } from '@/ui/Page';
import { Segmented, Switch } from '@/ui/Toggle';
import { useAuthModal } from '@/features/auth/modal';
import { useSession } from '@/features/auth/session';
import { usePreferences } from '../preferences';
import { TimeZoneSetting } from '../components/TimeZoneSetting';

function Section({ title, icon, children }: { title: string; icon: ReactNode; children: ReactNode }) {
  const id = useId();
  return (
    <section aria-labelledby={id} className="rounded-3xl border border-border/70 bg-surface p-4 shadow-card sm:p-5">
      <h2 id={id} className="mb-3 flex items-center gap-2.5 text-base font-bold">
        <span className="inline-flex h-8 w-8 items-center justify-center rounded-xl bg-primary-soft text-primary">{icon}</span>
        {title}
      </h2>
      {children}
    </section>
  );
}

/** The time zone of date reminders; its texts are the calendar's, which load with it. */
function TimeZoneSection() {
  const { t } = useTranslation('calendar');
  return (
    <Section title={t('timeZone.title')} icon={<ClockIcon size={18} />}>
      <TimeZoneSetting />
    </Section>
  );
}

/** /settings: theme, language and sound, saved to the account when signed in; a signed-in user's time zone for date reminders. */
export default function SettingsPage() {
  const { t } = useTranslation('settings');
  const { user } = useSession();
  const { isTelegramApp } = useTelegram();
  const prefs = usePreferences();
  const authModal = useAuthModal();
  const logout = useLogoutAction();
  const soundId = useId();

  return (
    <Page title={t('common:pages.settings')} subtitle={t(isTelegramApp ? 'subtitleTelegram' : 'subtitle')}>
      <div className="mt-5 flex flex-col gap-4">
        <Section title={t('appearance.title')} icon={prefs.theme === 'dark' ? <MoonIcon size={18} /> : <SunIcon size={18} />}>
          <Segmented
            label={t('appearance.theme')}
            className="w-full"
            value={prefs.theme}
            disabled={prefs.themeLocked}
            onChange={prefs.setTheme}
            options={[
              { value: 'light', label: t('appearance.light'), icon: <SunIcon size={17} /> },
              { value: 'dark', label: t('appearance.dark'), icon: <MoonIcon size={16} /> },
            ]}
          />
          {prefs.themeLocked && <p className="mt-2 text-[13px] text-muted">{t('appearance.lockedHint')}</p>}
        </Section>

        {!isTelegramApp && (
          <Section title={t('language.title')} icon={<GlobeIcon size={18} />}>
            <Segmented
              label={t('language.title')}
              className="w-full"
              value={prefs.language}
              onChange={(l) => void prefs.setLanguage(l)}
              options={[
                { value: 'ru', label: t('language.ru') },
                { value: 'en', label: t('language.en') },
              ]}
            />
          </Section>
        )}

        <Section title={t('sound.title')} icon={<VolumeIcon size={18} />}>
          <div className="flex items-center justify-between gap-4">
            <div>
              <label htmlFor={soundId} className="font-semibold">
                {t('sound.label')}
              </label>
              {/* says what the switch does as it stands */}
              <p className="text-[13px] text-muted">{t(prefs.soundEnabled ? 'sound.hintOn' : 'sound.hintOff')}</p>
            </div>
            <Switch id={soundId} label={t('sound.label')} checked={prefs.soundEnabled} onChange={prefs.setSoundEnabled} />
          </div>
        </Section>

        {user && (
          <Suspense fallback={null}>
            <TimeZoneSection />
          </Suspense>
        )}

        {!isTelegramApp && (
          <Section title={t('account.title')} icon={<UserIcon size={18} />}>
            <UserCard />
            <p className="mt-3 text-[13px] text-muted">{user ? t('account.syncedHint') : t('account.localHint')}</p>
            <div className="mt-4">
              {user ? (
                <Button variant="secondary" block onClick={() => void logout()} className="text-danger">
                  <LogoutIcon size={19} />
                  {t('account.logout')}
                </Button>
              ) : (
                <Button block onClick={() => authModal.open('login')}>
                  <LoginIcon size={19} />
                  {t('account.login')}
                </Button>
              )}
            </div>
          </Section>
        )}

        <Link
          to="/terms"
          className="flex items-center gap-3 rounded-3xl border border-border/70 bg-surface px-4 py-3.5 font-semibold shadow-card transition-colors hover:bg-surface-2 sm:px-5"
        >
          <span className="inline-flex h-8 w-8 items-center justify-center rounded-xl bg-surface-2 text-muted">
            <DocumentIcon size={18} />
          </span>
          {t('terms')}
          <ChevronRightIcon size={18} className="ml-auto text-muted" />
        </Link>
      </div>
    </Page>
  );
}
