import { useTranslation } from '@/i18n';
import { DocumentIcon } from '@/ui/icons-more';
import { Page } from '@/ui/Page';
import { TERMS } from '../terms';

/** /terms: the user agreement the registration form links to. */
export default function TermsPage() {
  const { t, i18n } = useTranslation();
  const text = TERMS[i18n.language === 'en' ? 'en' : 'ru'];
  return (
    <Page title={t('pages.terms')}>
      <article className="rounded-3xl border border-border/70 bg-surface p-5 shadow-card sm:p-8">
        <p className="mb-4 inline-flex items-center gap-2 rounded-full bg-surface-2 px-3 py-1 text-xs font-semibold text-muted">
          <DocumentIcon size={15} />
          {text.version}
        </p>
        <p className="text-[15px] leading-relaxed">{text.intro}</p>
        <ol className="mt-6 flex flex-col gap-6">
          {text.sections.map((s, i) => (
            <li key={s.title}>
              <h2 className="flex items-baseline gap-2.5 text-lg font-bold tracking-tight">
                <span className="text-primary tabular-nums">{i + 1}.</span>
                {s.title}
              </h2>
              {s.paragraphs.map((p) => (
                <p key={p.slice(0, 24)} className="mt-2 text-[15px] leading-relaxed text-text/90">
                  {p}
                </p>
              ))}
            </li>
          ))}
        </ol>
      </article>
    </Page>
  );
}
