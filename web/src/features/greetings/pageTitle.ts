import { useEffect } from 'react';
import { useTranslation } from '@/i18n/runtime';

/**
 * The tab's title and the page's language in the language the greeting page is written in. The
 * server's HTML guesses them for link previews from what the browser asks for, while the page
 * itself speaks the reader's chosen language (Russian by default): a screen reader would read
 * Russian words with an English voice.
 *
 * A greeting is named as its link preview names it («Поздравление — Бабушке»); a greeting that is
 * not there, or did not load, is a page of the app and is named like the others: «Поздравление не
 * найдено — Открытка». (The suffix comes from the greeting's own texts: the recipient's first screen
 * loads no others.)
 */
export function useGreetingTitle(toWhom: string | undefined, problem?: 'notFound' | 'loadFailed') {
  const { t, i18n } = useTranslation('greeting');
  const title = problem ? t('view.tabTitle', { title: t(`view.${problem}`) }) : toWhom !== undefined ? t('view.pageTitle', { name: toWhom }) : undefined;
  useEffect(() => {
    document.documentElement.lang = i18n.language;
    if (title) document.title = title;
  }, [title, i18n.language]);
}
